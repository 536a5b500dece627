import type { TurnEntry } from '@qiyuan/protocol';
import { useEffect, useState } from 'preact/hooks';
import { t } from '../i18n/index.js';
import { Store, useStore } from '../store.js';
import { account } from './account.js';
import { clockText, holderName } from './names.js';
import { getJson, listen } from './wire.js';

/**
 * The "your turn" list (issue #23): every ongoing game where it is this player's move, correspondence games first
 * (`GET /api/me/turns`), kept fresh by the server's `your-turn` messages and the games' own changes, with a count in
 * the header and, when the player allowed it, a browser notification while the page is in the background.
 */

interface TurnsState {
  readonly list: readonly TurnEntry[] | undefined;
  /** The latest notice shown in the page's header (a polite live region), for a few seconds, and its game. */
  readonly notice: string | undefined;
  readonly noticeGame?: string;
}

export const turns = new Store<TurnsState>({ list: undefined, notice: undefined });

let users = 0;
let timer: ReturnType<typeof setInterval> | undefined;
let stopListening: (() => void) | undefined;
let pending: ReturnType<typeof setTimeout> | undefined;
let noticeTimer: ReturnType<typeof setTimeout> | undefined;

/** How long a notice stays in the header. */
const NOTICE_MS = 10_000;

const load = async (): Promise<void> => {
  const r = await getJson<{ turns: TurnEntry[] }>('api/me/turns');
  if (r.ok) turns.update({ list: r.value.turns });
};

/** Loads again a moment later: several changes in a row (a move and the opponent's answer) cost one request. */
const reload = (): void => {
  if (pending !== undefined) clearTimeout(pending);
  pending = setTimeout(() => {
    pending = undefined;
    void load();
  }, 250);
};

const gameName = (game: string): string => t(`games.${game}`);

/** A notification from the browser, when the player allowed them and is looking elsewhere. */
const notify = (text: string, gameId: string): void => {
  if (typeof Notification === 'undefined' || Notification.permission !== 'granted') return;
  if (document.visibilityState === 'visible') return;
  const n = new Notification(t('app.name'), { body: text, tag: `turn-${gameId}` });
  n.onclick = () => {
    window.focus();
    location.hash = `#/online/${gameId}`;
    n.close();
  };
};

/** Follows the list while some component shows it. */
const follow = (): (() => void) => {
  users++;
  if (users === 1) {
    void load();
    timer = setInterval(() => document.visibilityState === 'visible' && void load(), 30_000);
    stopListening = listen((m) => {
      if (m.type === 'your-turn') {
        const text = t(m.reminder ? 'turns.reminder' : 'turns.yourMove', { game: gameName(m.game) });
        turns.update({ notice: text, noticeGame: m.gameId });
        if (noticeTimer !== undefined) clearTimeout(noticeTimer);
        noticeTimer = setTimeout(() => turns.update({ notice: undefined }), NOTICE_MS);
        notify(text, m.gameId);
        reload();
      } else if (m.type === 'game.update' && m.event !== 'offer' && m.event !== 'decline') reload();
      else if (m.type === 'game.started') reload();
    });
  }
  return () => {
    users--;
    if (users > 0) return;
    clearInterval(timer);
    stopListening?.();
    stopListening = undefined;
  };
};

/** The list, loaded and kept fresh while the calling component is shown (again for another user). */
export const useTurns = (): TurnsState => {
  const me = useStore(account).user;
  useEffect(() => follow(), []);
  useEffect(() => {
    if (me) void load();
  }, [me?.id]);
  return useStore(turns);
};

/** Time left until `deadline`, in days and hours, hours and minutes, or minutes. */
export const timeLeftText = (deadline: number, now: number): string => {
  const ms = Math.max(0, deadline - now);
  const minutes = Math.floor(ms / 60_000);
  const hours = Math.floor(minutes / 60);
  const days = Math.floor(hours / 24);
  if (days > 0) return t('turns.days', { d: days, h: hours % 24 });
  if (hours > 0) return t('turns.hours', { h: hours, m: minutes % 60 });
  return t('turns.minutes', { m: minutes });
};

/** The header's count of games where it is this player's move (nothing when none). */
export const TurnCount = () => {
  const { list, notice, noticeGame } = useTurns();
  const n = list?.length ?? 0;
  return (
    <>
      {n > 0 && (
        <a
          class="turn-count"
          href="#/"
          data-testid="turn-count"
          title={t('turns.count', { count: n })}
          aria-label={t('turns.count', { count: n })}
        >
          {n}
        </a>
      )}
      <span class="turn-notice" role="status" aria-live="polite" data-testid="turn-notice">
        {notice !== undefined && noticeGame !== undefined && <a href={`#/online/${noticeGame}`}>{notice}</a>}
      </span>
    </>
  );
};

/** The browser's permission to notify, asked from the player's click (browsers allow it only from a gesture). */
const NotifyButton = () => {
  const supported = typeof Notification !== 'undefined';
  const [permission, setPermission] = useState(supported ? Notification.permission : 'denied');
  if (!supported) return null;
  if (permission === 'granted') return <p class="muted">{t('turns.notifyOn')}</p>;
  if (permission === 'denied') return <p class="muted">{t('turns.notifyBlocked')}</p>;
  return (
    <button
      type="button"
      data-testid="notify-ask"
      onClick={() => void Notification.requestPermission().then((p) => setPermission(p))}
    >
      {t('turns.notifyAsk')}
    </button>
  );
};

/** The home page's list: correspondence games first, the time left for each, a link to play. */
export const YourTurn = () => {
  const { list } = useTurns();
  const [now, setNow] = useState(Date.now());
  useEffect(() => {
    const h = setInterval(() => setNow(Date.now()), 30_000);
    return () => clearInterval(h);
  }, []);
  if (list === undefined) return null;
  return (
    <>
      {list.length === 0 ? (
        <p class="muted">{t('turns.none')}</p>
      ) : (
        <ul class="game-list" data-testid="your-turn">
          {list.map((g) => {
            const others = g.seats.flatMap((h, s) => (g.you.includes(s) ? [] : [holderName(h)]));
            return (
              <li key={g.gameId} data-testid={`turn-${g.gameId}`}>
                <span>
                  <strong>{gameName(g.game)}</strong>{' '}
                  {others.length > 0 && t('turns.vs', { names: others.join(' · ') })}{' '}
                  <small class="muted">
                    {clockText(g.clock)}
                    {g.deadline !== undefined && ` · ${t('turns.left', { time: timeLeftText(g.deadline, now) })}`}
                  </small>
                </span>
                <a class="button primary" href={`#/online/${g.gameId}`} data-testid={`play-${g.gameId}`}>
                  {t('turns.play')}
                </a>
              </li>
            );
          })}
        </ul>
      )}
      <NotifyButton />
    </>
  );
};
