/** The moderation routes of the server, as the pages call them: errors as values, with the server's code. */
import { Store } from '../store.js';
import { getJson } from './wire.js';

export type Sent<T = Record<string, unknown>> = { ok: true; value: T } | { ok: false; code: string; reason: string };

/** A JSON request other than GET; the answer's body, or its code (`rate-limited` for 429). */
export const send = async <T = Record<string, unknown>>(
  method: string,
  path: string,
  body?: unknown,
): Promise<Sent<T>> => {
  try {
    const r = await fetch(path, {
      method,
      credentials: 'same-origin',
      headers: body === undefined ? {} : { 'content-type': 'application/json' },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    const json = (await r.json().catch(() => ({}))) as T & { code?: string; reason?: string };
    if (r.status === 429) return { ok: false, code: 'rate-limited', reason: json.reason ?? '' };
    if (!r.ok) return { ok: false, code: json.code ?? `http-${r.status}`, reason: json.reason ?? '' };
    return { ok: true, value: json };
  } catch (e) {
    return { ok: false, code: 'network', reason: String(e) };
  }
};

/** The session's role (a moderator sees the moderators' area), read when the account changes. */
export const myRole = new Store<'moderator' | 'none'>('none');

export const refreshRole = async (): Promise<void> => {
  const r = await getJson<{ role: 'moderator' | 'none' }>('api/me/role');
  myRole.set(r.ok ? r.value.role : 'none');
};

/** The names the session has blocked (lower-cased), read once per account. */
export const myBlocks = new Store<ReadonlySet<string>>(new Set());

export const refreshBlocks = async (): Promise<void> => {
  const r = await getJson<{ blocks: { name: string }[] }>('api/me/blocks');
  myBlocks.set(new Set(r.ok ? r.value.blocks.map((b) => b.name.toLowerCase()) : []));
};
