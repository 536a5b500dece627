import type { GameId, Outcome as GameOutcome } from '@qiyuan/core';
import type { AbortInfo, RefusalCode, RefusalValues, SeatHolder, ServerMessage, UserInfo } from '@qiyuan/protocol';
import { Store } from '../store.js';

/**
 * What every page may need of the server without its socket: who this browser is (`/api/session`), GET requests of
 * the HTTP API, the word that the server ended the session, and the place where the socket's messages are heard.
 * The socket itself (client.ts, with the checks of every server message) is a chunk of its own, loaded by the pages
 * that play or watch online and by the frame only for a logged-in player's incoming challenges: the header's account
 * menu and turn count, and the pages that read the API, go without it.
 */

/** A stored game as the HTTP API lists it (`GET /api/users/:name/games`, `/api/me/games`) and as a replay begins. */
export interface GameSummary {
  readonly id: string;
  readonly game: GameId;
  readonly speed: string;
  readonly rated: boolean;
  readonly seats: readonly SeatHolder[];
  readonly status: string;
  readonly outcome: GameOutcome | null;
  /** A game aborted without a result: whose first move lapsed (the first-move rule). */
  readonly aborted?: AbortInfo;
  readonly ratingChange: readonly ({ before: number; after: number } | null)[] | null;
  readonly createdAt: number;
}

export type Outcome<T> =
  | { ok: true; value: T }
  | { ok: false; code: string; reason: string; refusal?: RefusalCode; values?: RefusalValues };

/** A server message as the socket hands it on (an answer carries its request's `id`). */
export type Message = ServerMessage & { id?: string };

let session: Promise<UserInfo | undefined> | undefined;

const ONLINE_MARK = 'qiyuan.online';

const markedOnline = (): boolean => {
  try {
    return localStorage.getItem(ONLINE_MARK) !== null;
  } catch {
    // storage refused: the count is asked for, as it always was
    return true;
  }
};

/**
 * Whether this browser has opened the socket (client.ts marks it): a guest lives in this browser's cookie alone and
 * has games only once it has, so before that the header's count of its turns is known to be empty and its module is
 * not fetched (app.tsx); an account's count is always asked for.
 */
export const wentOnline = new Store<boolean>(markedOnline());

export const markOnline = (): void => {
  if (wentOnline.get()) return;
  try {
    localStorage.setItem(ONLINE_MARK, '1');
  } catch {
    // storage refused: the mark lasts as long as the page
  }
  wentOnline.set(true);
};

/**
 * Asks the server who this browser is (`/api/session`; a first visit becomes a
 * guest and gets its cookie). The socket opens only after this answer, so the
 * socket and the HTTP routes always speak for the same user: a WebSocket
 * upgrade cannot set a cookie, and a guest made there would be lost.
 */
export const fetchSession = (fresh = false): Promise<UserInfo | undefined> => {
  if (fresh || !session) {
    session = fetch('api/session', { credentials: 'same-origin' })
      .then((r) => (r.ok ? (r.json() as Promise<{ user?: UserInfo }>) : undefined))
      .then((b) => b?.user)
      .catch(() => undefined);
  }
  return session;
};

/** GET a JSON resource of the server's API; errors as values (the server may be absent: static hosting, offline). */
export const getJson = async <T>(path: string): Promise<Outcome<T>> => {
  try {
    const r = await fetch(path, { credentials: 'same-origin', headers: { accept: 'application/json' } });
    const body = (await r.json().catch(() => undefined)) as (T & { code?: string; reason?: string }) | undefined;
    if (!r.ok || body === undefined) {
      return {
        ok: false,
        code: body?.code ?? (r.status === 404 ? 'not-found' : 'network'),
        reason: body?.reason ?? '',
      };
    }
    return { ok: true, value: body };
  } catch (e) {
    return { ok: false, code: 'network', reason: String(e) };
  }
};

/** The server's reason when it closed the socket because the session ended (logout elsewhere, a ban, closing). */
export const sessionEnd = new Store<string | undefined>(undefined);

const listeners = new Set<(m: Message) => void>();

/**
 * Hears every message the socket receives. Listening does not open the socket (the header's turn count listens on
 * every page, and hears nothing until a page that plays online has opened it).
 */
export const listen = (f: (m: Message) => void): (() => void) => {
  listeners.add(f);
  return () => listeners.delete(f);
};

/** Hands a message of the socket to every listener (client.ts). */
export const heard = (m: Message): void => {
  for (const l of listeners) l(m);
};
