/**
 * The moderators' area (`#/mod`, `#/mod/<name>`): the report queue (open ones first, each closed with a note), a
 * player's history with the reports about them and what moderators did, mute, ban and the role, and the log.
 */
import { useEffect, useState } from 'preact/hooks';
import { formatDate } from '../i18n/format.js';
import { t, tOr } from '../i18n/index.js';
import { send } from '../online/moderation-api.js';
import { getJson } from '../online/wire.js';
import { navigate } from '../router.js';

interface Report {
  id: string;
  reporter: { name: string };
  user: { name: string };
  reason: string;
  text: string;
  gameId: string | null;
  createdAt: number;
  closedAt: number | null;
  closedBy: string | null;
  note: string | null;
}
interface LogEntry {
  id: string;
  at: number;
  moderator: { name: string };
  action: string;
  user: { name: string };
  reason: string;
}
interface History {
  user: {
    name: string;
    role: string;
    bannedAt: number | null;
    banReason: string | null;
    mutedUntil: number | null;
    muteReason: string | null;
    closedAt: number | null;
  };
  reports: Report[];
  made: Report[];
  log: LogEntry[];
}

const ReportItem = ({ r, onClosed }: { r: Report; onClosed?: () => void }) => {
  const [note, setNote] = useState('');
  return (
    <li class={r.closedAt === null ? 'report open' : 'report'} data-testid="mod-report">
      <p>
        <a href={`#/mod/${encodeURIComponent(r.user.name)}`}>
          {t('moderation.reportedBy', { reporter: r.reporter.name, user: r.user.name })}
        </a>{' '}
        · {t(`moderation.reasons.${r.reason}`)} · {formatDate(r.createdAt)}
        {r.gameId && (
          <>
            {' '}
            · <a href={`#/replay/${encodeURIComponent(r.gameId)}`}>{t('moderation.inGame')}</a>
          </>
        )}
      </p>
      {r.text && <blockquote>{r.text}</blockquote>}
      {r.closedAt !== null ? (
        <p class="muted">{t('moderation.closedBy', { name: r.closedBy ?? '', note: r.note ?? '' })}</p>
      ) : (
        onClosed && (
          <form
            class="inline-form"
            onSubmit={async (e) => {
              e.preventDefault();
              const res = await send('POST', `api/mod/reports/${encodeURIComponent(r.id)}/close`, { note });
              if (res.ok) onClosed();
            }}
          >
            <label>
              <span>{t('moderation.note')}</span>{' '}
              <input
                data-testid="mod-note"
                value={note}
                maxLength={500}
                onInput={(e) => setNote((e.currentTarget as HTMLInputElement).value)}
              />
            </label>{' '}
            <button type="submit" data-testid="mod-close-report">
              {t('moderation.closeReport')}
            </button>
          </form>
        )
      )}
    </li>
  );
};

const Queue = () => {
  const [reports, setReports] = useState<Report[] | undefined>();
  const load = () =>
    void getJson<{ reports: Report[] }>('api/mod/reports').then((r) => r.ok && setReports(r.value.reports));
  useEffect(load, []);
  if (!reports) return <p aria-busy="true">…</p>;
  const open = reports.filter((r) => r.closedAt === null);
  const closed = reports.filter((r) => r.closedAt !== null);
  return (
    <section aria-labelledby="mod-queue" data-testid="mod-queue">
      <h2 id="mod-queue">
        {t('moderation.queue')} · {t('moderation.open')} ({open.length})
      </h2>
      {open.length === 0 && <p class="muted">{t('moderation.noReports')}</p>}
      <ul class="reports">
        {open.map((r) => (
          <ReportItem key={r.id} r={r} onClosed={load} />
        ))}
      </ul>
      {closed.length > 0 && (
        <details>
          <summary>{t('moderation.closedReports')}</summary>
          <ul class="reports">
            {closed.map((r) => (
              <ReportItem key={r.id} r={r} />
            ))}
          </ul>
        </details>
      )}
    </section>
  );
};

const LogList = ({ entries }: { entries: LogEntry[] }) => (
  <ul class="mod-log" data-testid="mod-log">
    {entries.map((e) => (
      <li key={e.id}>
        {formatDate(e.at)} ·{' '}
        {t('moderation.logLine', {
          moderator: e.moderator.name,
          action: tOr(`moderation.actions.${e.action}`, e.action),
          user: e.user.name,
        })}
        {e.reason && <> · {e.reason}</>}
      </li>
    ))}
  </ul>
);

const Log = () => {
  const [log, setLog] = useState<LogEntry[] | undefined>();
  useEffect(() => void getJson<{ log: LogEntry[] }>('api/mod/log').then((r) => r.ok && setLog(r.value.log)), []);
  return (
    <section aria-labelledby="mod-log-title">
      <h2 id="mod-log-title">{t('moderation.log')}</h2>
      {log ? <LogList entries={log} /> : <p aria-busy="true">…</p>}
    </section>
  );
};

const Player = ({ name }: { name: string }) => {
  const [h, setH] = useState<History | 'missing' | undefined>();
  const [minutes, setMinutes] = useState(60);
  const [reason, setReason] = useState('');
  const [note, setNote] = useState<string | undefined>();
  const load = () =>
    void getJson<History>(`api/mod/users/${encodeURIComponent(name)}`).then((r) => setH(r.ok ? r.value : 'missing'));
  useEffect(load, [name]);
  if (h === undefined) return <p aria-busy="true">…</p>;
  if (h === 'missing') return <p class="error">{t('player.notFound')}</p>;
  const u = h.user;
  const act = async (path: string, body: Record<string, unknown>) => {
    const r = await send('POST', `api/mod/users/${encodeURIComponent(u.name)}/${path}`, body);
    setNote(r.ok ? t('moderation.done') : t('moderation.failed', { code: r.code }));
    load();
  };
  const muted = u.mutedUntil !== null && u.mutedUntil > Date.now();
  return (
    <section aria-labelledby="mod-player" data-testid="mod-player">
      <h2 id="mod-player">{t('moderation.history', { name: u.name })}</h2>
      <p data-testid="mod-standing">
        {t('moderation.standing')}
        {t('game.colon')}
        {[
          u.role === 'moderator' ? t('moderation.isModerator') : '',
          u.bannedAt !== null ? t('moderation.isBanned', { reason: u.banReason ?? '' }) : '',
          muted ? t('moderation.isMuted', { until: formatDate(u.mutedUntil!), reason: u.muteReason ?? '' }) : '',
          u.closedAt !== null ? t('moderation.isClosed') : '',
        ]
          .filter(Boolean)
          .join(' · ') || t('moderation.inGood')}
      </p>
      <form class="mod-actions" onSubmit={(e) => e.preventDefault()}>
        <label class="field" for="mod-reason">
          <span>{t('moderation.why')}</span>
          <input
            id="mod-reason"
            data-testid="mod-reason"
            maxLength={500}
            value={reason}
            onInput={(e) => setReason((e.currentTarget as HTMLInputElement).value)}
          />
        </label>
        <label class="field" for="mod-minutes">
          <span>{t('moderation.minutes')}</span>
          <input
            id="mod-minutes"
            type="number"
            min={1}
            max={44640}
            data-testid="mod-minutes"
            value={minutes}
            onInput={(e) => setMinutes(Number((e.currentTarget as HTMLInputElement).value))}
          />
        </label>
        <p>
          {muted ? (
            <button type="button" data-testid="mod-unmute" onClick={() => void act('unmute', { reason })}>
              {t('moderation.unmute')}
            </button>
          ) : (
            <button
              type="button"
              data-testid="mod-mute"
              disabled={!reason.trim()}
              onClick={() => void act('mute', { minutes, reason })}
            >
              {t('moderation.mute')}
            </button>
          )}{' '}
          {u.bannedAt === null ? (
            <button
              type="button"
              class="danger"
              data-testid="mod-ban"
              disabled={!reason.trim()}
              onClick={() => void act('ban', { reason })}
            >
              {t('moderation.ban')}
            </button>
          ) : (
            <button type="button" data-testid="mod-unban" onClick={() => void act('unban', { reason })}>
              {t('moderation.unban')}
            </button>
          )}{' '}
          <button
            type="button"
            data-testid="mod-role"
            onClick={() => void act('role', { role: u.role === 'moderator' ? 'none' : 'moderator', reason })}
          >
            {u.role === 'moderator' ? t('moderation.removeModerator') : t('moderation.makeModerator')}
          </button>
        </p>
        {note && (
          <p class="note" role="status" data-testid="mod-done">
            {note}
          </p>
        )}
      </form>
      <h3>{t('moderation.reportsAbout')}</h3>
      {h.reports.length === 0 ? (
        <p class="muted">{t('moderation.noReports')}</p>
      ) : (
        <ul class="reports" data-testid="mod-player-reports">
          {h.reports.map((r) => (
            <ReportItem key={r.id} r={r} />
          ))}
        </ul>
      )}
      <h3>{t('moderation.reportsMade')}</h3>
      {h.made.length === 0 ? (
        <p class="muted">{t('moderation.noReports')}</p>
      ) : (
        <ul class="reports">
          {h.made.map((r) => (
            <ReportItem key={r.id} r={r} />
          ))}
        </ul>
      )}
      <h3>{t('moderation.log')}</h3>
      <LogList entries={h.log} />
    </section>
  );
};

const Lookup = ({ initial }: { initial: string }) => {
  const [name, setName] = useState(initial);
  return (
    <form
      class="inline-form"
      onSubmit={(e) => {
        e.preventDefault();
        if (name.trim()) navigate({ page: 'mod', name: name.trim() });
      }}
    >
      <label for="mod-lookup">{t('moderation.lookup')}</label>{' '}
      <input
        id="mod-lookup"
        data-testid="mod-lookup"
        value={name}
        maxLength={40}
        onInput={(e) => setName((e.currentTarget as HTMLInputElement).value)}
      />{' '}
      <button type="submit">{t('moderation.lookupGo')}</button>
    </form>
  );
};

export const ModerationPage = ({ name }: { name?: string | undefined }) => {
  const [allowed, setAllowed] = useState<boolean | undefined>();
  useEffect(
    () => void getJson<{ role: string }>('api/me/role').then((r) => setAllowed(r.ok && r.value.role === 'moderator')),
    [],
  );
  return (
    <section class="moderation" aria-labelledby="mod-title">
      <h1 id="mod-title">{t('moderation.area')}</h1>
      {allowed === false && <p class="error">{t('moderation.forbidden')}</p>}
      {allowed && (
        <>
          <Lookup key={name ?? ''} initial={name ?? ''} />
          {name ? <Player key={name} name={name} /> : <Queue />}
          {!name && <Log />}
        </>
      )}
    </section>
  );
};
