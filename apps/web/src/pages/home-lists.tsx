import type { GameId } from '@qiyuan/core';
import type { SeekInfo } from '@qiyuan/protocol';
import { useEffect, useState } from 'preact/hooks';
import { formatDateTime } from '../i18n/format.js';
import { t } from '../i18n/index.js';
import { account } from '../online/account.js';
import { BotTag } from '../online/bot-tag.js';
import { connection, lobby } from '../online/client.js';
import { clockText, displayName, holderName, speedText } from '../online/names.js';
import { refusalSaid } from '../online/refusal-said.js';
import { getJson } from '../online/wire.js';
import { deleteSave, type LocalSave, listSaves } from '../play/saves.js';
import { navigate, routeHref } from '../router.js';
import { useStore } from '../store.js';
import { optionsSummary } from './game-options.js';

/* The home page's lists: saved games, open seeks, games being played and the player's own. */
export const Saved = () => {
  const [saves, setSaves] = useState<LocalSave[]>(() => listSaves());
  if (saves.length === 0) return <p class="muted">{t('home.noSaved')}</p>;
  return (
    <ul class="saved">
      {saves.map((s) => (
        <li key={s.id} data-testid={`saved-${s.id}`}>
          <a href={`#/local/${s.id}`}>
            {t(`games.${s.game}`)} · {t(`modes.${s.mode}`)} · {formatDateTime(s.updated)}
            {s.finished && ` · ${t('home.finished')}`}
          </a>
          {s.finished && (
            <a class="button" href={routeHref({ page: 'replay', id: s.id, device: true })} data-testid="saved-replay">
              {t('home.replay')}
            </a>
          )}
          <button
            type="button"
            class="link"
            onClick={() => {
              deleteSave(s.id);
              setSaves(listSaves());
            }}
          >
            {t('home.delete')}
          </button>
        </li>
      ))}
    </ul>
  );
};

const filled = (k: Pick<SeekInfo, 'seats'>) => k.seats.filter((s) => s.kind !== 'open').length;

/** The lobby's open seeks, live: join one, or cancel your own. */
export const Seeks = () => {
  const s = useStore(lobby.state);
  const me = useStore(account).user;
  const [error, setError] = useState<string | undefined>();
  useEffect(() => lobby.subscribe(), []);
  if (!s.connected && !s.everConnected) return <p class="muted">{t('home.offline')}</p>;
  const expired = s.expiredSeeks.length > 0 && (
    <p class="note" role="status" data-testid="seek-expired">
      {t('lobby.seekExpired')}
    </p>
  );
  if (s.seeks.length === 0)
    return (
      <>
        {expired}
        <p class="muted">{t('lobby.noSeeks')}</p>
      </>
    );
  const act = (p: Promise<{ ok: true } | { ok: false; code: string; reason: string }>, then?: () => void) =>
    void p.then(async (r) => (r.ok ? then?.() : setError(await refusalSaid(r))));
  return (
    <>
      {expired}
      {error && (
        <p class="error" role="alert">
          {error}
        </p>
      )}
      <div class="table-wrap">
        <table class="seeks" data-testid="seeks">
          <thead>
            <tr>
              <th scope="col">{t('lobby.columns.player')}</th>
              <th scope="col">{t('lobby.columns.game')}</th>
              <th scope="col">{t('lobby.columns.time')}</th>
              <th scope="col">{t('lobby.columns.mode')}</th>
              <th scope="col">{t('lobby.columns.seats')}</th>
              <th scope="col">
                <span class="sr-only">{t('lobby.join')}</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {[...s.seeks]
              .sort((a, b) => b.createdAt - a.createdAt)
              .map((k) => {
                const own = me !== undefined && k.creator.id === me.id;
                const seated = me !== undefined && k.seats.some((h) => h.kind === 'user' && h.user.id === me.id);
                const creatorSeat = k.seats.find((h) => h.kind === 'user' && h.user.id === k.creator.id);
                const rating = creatorSeat?.kind === 'user' ? creatorSeat.rating : undefined;
                return (
                  <tr key={k.id} data-testid={`seek-${k.id}`} data-game={k.game}>
                    <td>
                      {displayName(k.creator)}
                      <BotTag user={k.creator} />
                      {rating !== undefined && <span class="muted"> ({rating})</span>}
                    </td>
                    <td>
                      <strong>{t(`games.${k.game}`)}</strong>
                      <small class="muted"> {optionsSummary(k.game, k.options)}</small>
                    </td>
                    <td>
                      {clockText(k.clock)} <small class="muted">{speedText(k.speed)}</small>
                    </td>
                    <td>{k.rated ? t('lobby.rated') : t('lobby.casual')}</td>
                    <td>{t('lobby.seatsFilled', { filled: filled(k), total: k.seats.length })}</td>
                    <td class="row-actions">
                      {own ? (
                        <>
                          <a class="button" href={`#/online/${k.id}`}>
                            {t('lobby.show')}
                          </a>
                          <button type="button" data-testid="cancel-seek" onClick={() => act(lobby.cancel(k.id))}>
                            {t('lobby.cancel')}
                          </button>
                        </>
                      ) : seated ? (
                        <a class="button" href={`#/online/${k.id}`}>
                          {t('lobby.show')}
                        </a>
                      ) : (
                        <button
                          type="button"
                          class="primary"
                          data-testid="join-seek"
                          disabled={k.rated && me?.guest !== false}
                          title={k.rated && me?.guest !== false ? t('lobby.ratedGuest') : undefined}
                          onClick={() => act(lobby.join(k.id), () => navigate({ page: 'online', id: k.id }))}
                        >
                          {t('lobby.join')}
                        </button>
                      )}
                    </td>
                  </tr>
                );
              })}
          </tbody>
        </table>
      </div>
    </>
  );
};

interface GameSummary {
  readonly id: string;
  readonly game: GameId;
  readonly speed: string;
  readonly rated: boolean;
  readonly seats: readonly SeekInfo['seats'][number][];
  readonly status?: string;
  readonly createdAt: number;
}

/** Refetches every `everyMs` while the page is shown (the lists without a push of their own). */
const usePolled = <T,>(path: string, everyMs: number, deps: readonly unknown[]): T | undefined | 'offline' => {
  const [value, setValue] = useState<T | undefined | 'offline'>(undefined);
  useEffect(() => {
    let live = true;
    const load = () =>
      void getJson<T>(path).then((r) => {
        if (live) setValue(r.ok ? r.value : 'offline');
      });
    load();
    const h = setInterval(() => document.visibilityState === 'visible' && load(), everyMs);
    const stop = connection.listen((m) => {
      if (m.type === 'game.started' || m.type === 'seek.removed') load();
    });
    return () => {
      live = false;
      clearInterval(h);
      stop();
    };
  }, deps);
  return value;
};

const players = (g: Pick<GameSummary, 'seats'>): string => g.seats.map((h) => holderName(h)).join(' · ');

/** Public games being played, to watch. */
export const LiveGames = () => {
  const live = usePolled<{ games: GameSummary[] }>('api/live', 10_000, []);
  if (live === undefined) return <p aria-busy="true">…</p>;
  if (live === 'offline') return <p class="muted">{t('home.offline')}</p>;
  if (live.games.length === 0) return <p class="muted">{t('lobby.noLive')}</p>;
  return (
    <ul class="game-list" data-testid="live-games">
      {live.games.slice(0, 30).map((g) => (
        <li key={g.id}>
          <span>
            <strong>{t(`games.${g.game}`)}</strong> {players(g)}{' '}
            <small class="muted">
              {speedText(g.speed)} · {g.rated ? t('lobby.rated') : t('lobby.casual')}
            </small>
          </span>
          <a class="button" href={`#/online/${g.id}`} data-testid={`watch-${g.id}`}>
            {t('lobby.watch')}
          </a>
        </li>
      ))}
    </ul>
  );
};

/** This session's games in play and its waiting seeks, to return to. */
export const MyGames = () => {
  const me = useStore(account).user;
  const mine = usePolled<{ playing: GameSummary[]; seeks: SeekInfo[] }>('api/me/games', 15_000, [me?.id]);
  if (mine === undefined || mine === 'offline') return null;
  if (mine.playing.length === 0 && mine.seeks.length === 0) return <p class="muted">{t('lobby.noMine')}</p>;
  return (
    <ul class="game-list" data-testid="my-games">
      {mine.seeks.map((k) => (
        <li key={k.id}>
          <span>
            <strong>{t(`games.${k.game}`)}</strong> {clockText(k.clock)}{' '}
            <small class="muted">
              {t('lobby.waiting')} · {t('lobby.seatsFilled', { filled: filled(k), total: k.seats.length })}
            </small>
          </span>
          <a class="button" href={`#/online/${k.id}`}>
            {t('lobby.show')}
          </a>
        </li>
      ))}
      {mine.playing.map((g) => (
        <li key={g.id}>
          <span>
            <strong>{t(`games.${g.game}`)}</strong> {players(g)} <small class="muted">{speedText(g.speed)}</small>
          </span>
          <a class="button primary" href={`#/online/${g.id}`} data-testid={`resume-${g.id}`}>
            {t('lobby.resume')}
          </a>
        </li>
      ))}
    </ul>
  );
};
