import type { BracketRoundInfo, PairingInfo, ServerMessage, StandingInfo, TournamentView } from '@qiyuan/protocol';
import { useEffect, useState } from 'preact/hooks';
import { formatDateTime } from '../i18n/format.js';
import { t, tOr } from '../i18n/index.js';
import { account } from '../online/account.js';
import { connection } from '../online/client.js';
import { clockText, speedText } from '../online/names.js';
import { refusalText } from '../online/refusal-words.js';
import { useStore } from '../store.js';
import { isMine, MyGameBanner } from './tournament-my-game.js';
import { Podium } from './tournament-podium.js';
import { statusText } from './tournaments.js';
import './tournaments.css';
import { BotTag } from '../online/bot-tag.js';

/**
 * `#/tournament/<id>`: one tournament, live — its standings with their tiebreaks, every round's pairings with each
 * game linked, a knockout's bracket, and the buttons to join, withdraw or (the organiser) start. The server sends
 * the whole view again after every change (`tournament.watch`), also after a reconnection.
 */

/** The tournament's view, followed over the socket while the page is open. */
const useTournament = (id: string): { view: TournamentView | undefined; missing: boolean } => {
  const [view, setView] = useState<TournamentView | undefined>();
  const [missing, setMissing] = useState(false);
  useEffect(() => {
    const off = connection.listen((m: ServerMessage) => {
      if (m.type === 'tournament' && m.tournament.id === id) setView(m.tournament);
    });
    const stop = connection.onOpen(() => {
      void connection.request({ type: 'tournament.watch', tournamentId: id }).then((r) => {
        if (!r.ok && r.code === 'not-found') setMissing(true);
      });
    });
    return () => {
      off();
      stop();
      connection.send({ type: 'tournament.unwatch', tournamentId: id });
    };
  }, [id]);
  return { view, missing };
};

const nameIn = (v: TournamentView) => {
  const names = new Map(v.entrants.map((e) => [e.user.id, e.user.name]));
  return (id: string) => names.get(id) ?? '?';
};

const Standings = ({ v }: { v: TournamentView }) => {
  const paused = new Set(v.entrants.filter((e) => e.paused).map((e) => e.user.id));
  if (v.standings.length === 0) return <p class="muted">{t('tournaments.noStandings')}</p>;
  const matches = v.standings.some((s) => s.matchPoints !== undefined);
  const rating = new Map(v.entrants.map((e) => [e.user.id, e.rating]));
  // one line per tiebreak, so the column wraps on a phone instead of running off the screen
  const breaks = (s: StandingInfo) =>
    s.tiebreaks.map((b) => (
      <span key={b.name} class="tiebreak">
        {tOr(`tournaments.tiebreak.${b.name}`, b.name)} {b.value}
      </span>
    ));
  return (
    <div class="table-wrap">
      <table class="standings" data-testid="standings">
        <thead>
          <tr>
            <th scope="col">{t('tournaments.columns.rank')}</th>
            <th scope="col">{t('tournaments.columns.player')}</th>
            <th scope="col">{t('tournaments.columns.rating')}</th>
            {matches && <th scope="col">{t('tournaments.columns.matchPoints')}</th>}
            <th scope="col">{t('tournaments.columns.points')}</th>
            <th scope="col" data-testid="standings-record">
              {t(v.tableSize === undefined ? 'tournaments.columns.record' : 'tournaments.columns.places')}
            </th>
            <th scope="col">{t('tournaments.columns.tiebreaks')}</th>
          </tr>
        </thead>
        <tbody>
          {v.standings.map((s) => (
            <tr key={s.user.id} data-testid={`standing-${s.user.name}`} class={s.withdrawn ? 'withdrawn' : undefined}>
              <td>{s.rank}</td>
              <td>
                <a href={`#/profile/${encodeURIComponent(s.user.name)}`}>{s.user.name}</a>
                {/* the tag shows once standings carry `bot` (the server marks entrants who are bots) */}
                <BotTag user={s.user as { bot?: boolean }} />
                {s.withdrawn && (
                  <small class="muted">
                    {' '}
                    ({paused.has(s.user.id) ? t('tournaments.paused') : t('tournaments.withdrawn')})
                  </small>
                )}
                {s.onStreak && <small class="streak"> {t('tournaments.streak')}</small>}
              </td>
              <td class="muted rating" data-testid="rating">
                {rating.get(s.user.id) ?? ''}
              </td>
              {matches && <td>{s.matchPoints ?? 0}</td>}
              <td data-testid="points">{s.points}</td>
              <td class="record" data-label={t('tournaments.columns.record')}>
                {s.wins} / {s.draws} / {s.losses}
              </td>
              <td class="muted tiebreaks">{breaks(s)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
};

const resultText = (p: PairingInfo): string => {
  if (p.aborted) return t('tournaments.aborted');
  if (p.state === 'playing') return t('tournaments.playing');
  if (p.state === undefined) return t('tournaments.waiting');
  if (p.result) return p.result[0] === 'win' ? '1 – 0' : p.result[0] === 'loss' ? '0 – 1' : '½ – ½';
  return '';
};

const Pairing = ({ v, p, me }: { v: TournamentView; p: PairingInfo; me: string | undefined }) => {
  const name = nameIn(v);
  if (p.bye) {
    // a round-robin's odd one out rests (everyone once, scoring nothing); a Swiss bye scores a win
    const word = v.format.system === 'round-robin' ? 'tournaments.rest' : 'tournaments.bye';
    return <li class="bye">{t(word, { name: name(p.players[0]!) })}</li>;
  }
  const label =
    p.players.length > 2 ? t('tournaments.table', { board: p.board }) : t('tournaments.board', { board: p.board });
  return (
    <li data-testid={p.gameId ? `pairing-${p.gameId}` : undefined}>
      <span class="muted">{label}</span>
      {(p.game ?? 1) > 1 || p.tieBreak ? (
        <small class="muted">
          {' '}
          {t('tournaments.gameNo', { n: p.game })}
          {p.tieBreak && ` · ${t('tournaments.tieBreak')}`}
        </small>
      ) : null}{' '}
      {p.players.length === 2 ? (
        <>
          <strong>{name(p.players[0]!)}</strong> – <strong>{name(p.players[1]!)}</strong>{' '}
          <span class="result">{resultText(p)}</span>
        </>
      ) : (
        <>
          {p.places
            ? p.players
                .map((id, seat) => ({ id, place: p.places![seat]! }))
                .sort((a, b) => a.place - b.place)
                .map((x) => t('tournaments.place', { name: name(x.id), place: x.place }))
                .join(' · ')
            : p.players.map(name).join(' · ')}{' '}
          {!p.places && <span class="result">{resultText(p)}</span>}
        </>
      )}{' '}
      {p.gameId && p.state !== undefined && (
        <a
          href={
            p.state === 'playing'
              ? `#/online/${encodeURIComponent(p.gameId)}`
              : `#/replay/${encodeURIComponent(p.gameId)}`
          }
          data-testid="pairing-game"
        >
          {p.state !== 'playing'
            ? t('tournaments.replay')
            : isMine(v, me, p)
              ? t('tournaments.play')
              : t('tournaments.watch')}
        </a>
      )}
    </li>
  );
};

const Rounds = ({ v, me }: { v: TournamentView; me: string | undefined }) => {
  const rounds = [...new Set(v.pairings.map((p) => p.round))].sort((a, b) => b - a);
  return (
    <div class="rounds" data-testid="pairings">
      {rounds.map((r) => (
        <section key={r} data-testid={`round-${r}`}>
          <h3>{t('tournaments.round', { round: r })}</h3>
          <ul class="pairings">
            {v.pairings
              .filter((p) => p.round === r)
              .map((p) => (
                <Pairing key={`${p.board}/${p.game ?? 0}`} v={v} p={p} me={me} />
              ))}
          </ul>
        </section>
      ))}
    </div>
  );
};

const Bracket = ({ v, rounds }: { v: TournamentView; rounds: readonly BracketRoundInfo[] }) => {
  const name = nameIn(v);
  return (
    <div class="bracket" data-testid="bracket">
      {rounds.map((r, i) => (
        <section key={r.round}>
          <h3>
            {i === rounds.length - 1 ? t('tournaments.final') : t('tournaments.bracketRound', { round: r.round })}
          </h3>
          <ul>
            {r.matches.map((m, j) => (
              <li key={j} class="bracket-match">
                {[
                  { id: m.a, seed: m.seedA, score: m.scoreA },
                  { id: m.b, seed: m.seedB, score: m.scoreB },
                ].map((side, k) => (
                  <div
                    key={k}
                    class={`side${side.id !== undefined && side.id === m.winner ? ' through' : ''}`}
                    data-testid="bracket-side"
                  >
                    <span class="seed muted">{side.seed === undefined ? '' : `${side.seed}.`}</span>{' '}
                    <span class="name">{side.id ? name(side.id) : '—'}</span>{' '}
                    {side.id !== undefined && side.id === m.winner && (
                      <small class="muted">({t('tournaments.winner')})</small>
                    )}{' '}
                    <span class="score">{side.id ? side.score : ''}</span>
                  </div>
                ))}
                {m.tieBreak && <small class="muted">{t('tournaments.tieBreak')}</small>}
              </li>
            ))}
          </ul>
        </section>
      ))}
    </div>
  );
};

export const TournamentPage = ({ id }: { id: string }) => {
  const { view: v, missing } = useTournament(id);
  const me = useStore(account).user;
  const [error, setError] = useState<string | undefined>();
  const [team, setTeam] = useState('');
  const [confirming, setConfirming] = useState(false);
  if (missing) return <p class="error">{t('tournaments.notFound')}</p>;
  if (!v) return <p aria-busy="true">…</p>;
  const mine = me ? v.entrants.find((e) => e.user.id === me.id) : undefined;
  const inIt = mine !== undefined && !mine.withdrawn;
  const organiser = me?.id === v.creator.id;
  const act = (type: string) => () =>
    void connection
      .request({ type, tournamentId: v.id, ...(type === 'tournament.join' && v.teams ? { team: team.trim() } : {}) })
      .then((r) => {
        setError(r.ok ? undefined : t('tournaments.error', { reason: refusalText(r) }));
      });
  const lateEntry = v.status === 'running' && !v.teams && (v.format.system === 'swiss' || v.format.system === 'arena');
  const canJoin = me !== undefined && !me.guest && !inIt && (v.status === 'upcoming' || lateEntry);
  return (
    <section class="tournament" data-testid="tournament-page">
      <h1 data-testid="tournament-name">{v.name}</h1>
      <p>
        {t(`games.${v.game}`)} · {t(`tournaments.systems.${v.format.system}`)} · {clockText(v.clock)} ·{' '}
        {speedText(v.speed)} · {v.rated ? t('lobby.rated') : t('lobby.casual')}
      </p>
      <p data-testid="tournament-status">
        <strong>
          {v.status === 'running' && v.rounds !== undefined
            ? t('tournaments.roundOf', { round: v.round, rounds: v.rounds })
            : statusText(v)}
        </strong>{' '}
        · {t('tournaments.entrants', { count: v.players })} · {t('tournaments.organiser', { name: v.creator.name })}
        {v.status === 'upcoming' &&
          ` · ${v.startsAt !== undefined ? t('tournaments.startsAt', { time: formatDateTime(v.startsAt) }) : t('tournaments.startsByOrganiser')}`}
        {v.endsAt !== undefined &&
          v.status === 'running' &&
          ` · ${t('tournaments.endsAt', { time: formatDateTime(v.endsAt) })}`}
      </p>
      <p class="row-actions">
        {canJoin && v.teams && (
          <label>
            {t('tournaments.teamName')}{' '}
            <input
              name="team"
              data-testid="tournament-team"
              maxLength={30}
              value={team}
              onInput={(e) => setTeam(e.currentTarget.value)}
            />
          </label>
        )}
        {canJoin && (
          <button
            type="button"
            class="primary"
            data-testid="tournament-join"
            disabled={v.teams === true && team.trim() === ''}
            onClick={act('tournament.join')}
          >
            {t('tournaments.join')}
          </button>
        )}
        {inIt && v.status !== 'finished' && !confirming && (
          <button type="button" data-testid="tournament-withdraw" onClick={() => setConfirming(true)}>
            {t('tournaments.withdraw')}
          </button>
        )}
        {inIt && v.status !== 'finished' && confirming && (
          <span class="confirm" data-testid="tournament-withdraw-confirm">
            {v.status === 'running' ? t('tournaments.withdrawAsk.running') : t('tournaments.withdrawAsk.upcoming')}{' '}
            <button
              type="button"
              class="danger"
              data-testid="tournament-withdraw-yes"
              onClick={() => {
                setConfirming(false);
                act('tournament.withdraw')();
              }}
            >
              {t('tournaments.withdrawAsk.yes')}
            </button>{' '}
            <button type="button" data-testid="tournament-withdraw-no" onClick={() => setConfirming(false)}>
              {t('tournaments.withdrawAsk.no')}
            </button>
          </span>
        )}
        {organiser && v.status === 'upcoming' && (
          <button type="button" data-testid="tournament-start" onClick={act('tournament.start')}>
            {t('tournaments.startNow')}
          </button>
        )}
        {inIt && <span class="muted"> {t('tournaments.joined')}</span>}
        {(!me || me.guest) && v.status !== 'finished' && <a href="#/account">{t('tournaments.needAccount')}</a>}
      </p>
      {v.endedEarly && (
        <p class="notice" data-testid="tournament-ended-early">
          {t(`tournaments.endedEarly.${v.endedEarly.reason}`, {
            round: v.endedEarly.round,
            last: v.endedEarly.round - 1,
          })}
        </p>
      )}
      {inIt && me && v.status === 'running' && <MyGameBanner v={v} userId={me.id} />}
      {mine?.paused && v.status === 'running' && (
        <p class="notice" data-testid="tournament-paused">
          {t('tournaments.pausedHint')}
        </p>
      )}
      {error && (
        <p class="error" role="alert">
          {error}
        </p>
      )}
      <label class="muted tournament-link">
        {t('tournaments.link')}
        <input readOnly value={location.href} onFocus={(e) => e.currentTarget.select()} />
      </label>
      {v.teams && (
        <>
          <h2>{t('tournaments.teamsTitle')}</h2>
          <p class="muted">{t('tournaments.teamsHint')}</p>
          <ul class="teams" data-testid="teams">
            {[...new Set(v.entrants.map((e) => e.team ?? ''))].map((name) => (
              <li key={name}>
                <strong>{name}</strong>{' '}
                {v.entrants
                  .filter((e) => (e.team ?? '') === name)
                  .map((e) => e.user.name)
                  .join(' · ')}
              </li>
            ))}
          </ul>
        </>
      )}
      {v.status === 'finished' && <Podium v={v} />}
      <h2>{t('tournaments.standings')}</h2>
      <Standings v={v} />
      {v.bracket && v.bracket.length > 0 && (
        <>
          <h2>{t('tournaments.bracket')}</h2>
          <Bracket v={v} rounds={v.bracket} />
        </>
      )}
      {v.pairings.length > 0 && (
        <>
          <h2>{t('tournaments.pairings')}</h2>
          <Rounds v={v} me={me?.id} />
        </>
      )}
    </section>
  );
};
