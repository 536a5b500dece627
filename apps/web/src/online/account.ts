import type { UserInfo } from '@qiyuan/protocol';
import { Store } from '../store.js';
import { fetchSession } from './wire.js';

/**
 * The session's account over the server's HTTP routes (`/api/session`,
 * `/api/register`, `/api/login`, `/api/logout`). The session is a cookie, so
 * after any change the WebSocket reconnects to speak as the new user. The socket's module is imported then, not
 * here: the header reads the account on every page, and most pages never open the socket (wire.ts). Once loaded,
 * the socket keeps this store up to date with the user its welcome names (client.ts).
 */

/** Closes the socket and opens it again as the session's new user. */
const reconnect = async (): Promise<void> => {
  const { connection } = await import('./client.js');
  await connection.reconnect();
};

export interface AccountState {
  /** Undefined until the server answered (or when it cannot be reached). */
  readonly user: UserInfo | undefined;
  readonly checked: boolean;
}

export const account = new Store<AccountState>({ user: undefined, checked: false });

/** The result of an account action: the user, or an error code to translate and the server's reason. */
export type AccountResult = { ok: true; user: UserInfo } | { ok: false; code: string; reason: string };

/** Asks the server who this session is (a first visit becomes a guest at once). */
export const refreshAccount = async (fresh = false): Promise<void> => {
  account.set({ user: await fetchSession(fresh), checked: true });
};

const post = async (path: string, body?: unknown): Promise<AccountResult> => {
  let r: Response;
  try {
    r = await fetch(path, {
      method: 'POST',
      credentials: 'same-origin',
      headers: body === undefined ? {} : { 'content-type': 'application/json' },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
  } catch (e) {
    return { ok: false, code: 'network', reason: String(e) };
  }
  const json = (await r.json().catch(() => ({}))) as { user?: UserInfo; code?: string; reason?: string };
  // @fastify/rate-limit answers 429 in its own shape
  if (r.status === 429) return { ok: false, code: 'rate-limited', reason: 'too many attempts' };
  if (!r.ok || !json.user) return { ok: false, code: json.code ?? `http-${r.status}`, reason: json.reason ?? '' };
  return { ok: true, user: json.user };
};

const changed = async (r: AccountResult): Promise<AccountResult> => {
  if (r.ok) {
    account.set({ user: r.user, checked: true });
    await fetchSession(true);
    await reconnect();
  }
  return r;
};

export const register = async (username: string, password: string): Promise<AccountResult> =>
  changed(await post('api/register', { username: username.trim(), password }));

export const login = async (username: string, password: string): Promise<AccountResult> =>
  changed(await post('api/login', { username: username.trim(), password }));

/** Logs out; the next request makes this browser a new guest. */
export const logout = async (): Promise<void> => {
  try {
    await fetch('api/logout', { method: 'POST', credentials: 'same-origin' });
  } catch {
    // offline: the cookie stays; nothing else to do
  }
  // a new guest's cookie first, then the socket that carries it
  await refreshAccount(true);
  await reconnect();
};
