import type { Logger } from 'pino';
import type { Client } from './clients.js';
import type { Cluster } from './cluster.js';
import { CLOSE } from './connections.js';
import { realTime } from './server-clock.js';
import type { SessionEnd, Sessions } from './session.js';

/** Whether a socket spoke for a session that ended: the very token, or any session of the account. */
const speaksFor = (c: Client, end: SessionEnd): boolean =>
  'token' in end ? c.session === end.token : c.user.id === end.userId;

/** What closing ended sessions uses of the live server (the hub): this process's connections, and its log. */
export interface SessionEndsHost {
  readonly clients: ReadonlySet<Client>;
  readonly log: Logger;
}

/**
 * Closes the sockets of ended sessions on this process, saying why: the ends this process makes and, in a cluster,
 * those the others announce. A socket that missed the news (Redis away when it was sent) is found by a sweep that
 * asks the store, the truth, every `sweepMs`. Returns what stops the sweep.
 */
export const closeEndedSessions = (
  hub: SessionEndsHost,
  sessions: Sessions,
  cluster: Cluster | undefined,
  sweepMs = 15_000,
) => {
  sessions.connect(cluster, (end) => {
    for (const c of [...hub.clients]) if (speaksFor(c, end)) c.close(CLOSE.sessionEnded, end.reason);
  });
  const sweep = async () => {
    const open = [...hub.clients].filter((c) => c.session !== undefined);
    if (open.length === 0) return;
    const alive = await sessions.alive([...new Set(open.map((c) => c.session!))]);
    for (const c of open) if (!alive.has(c.session!)) c.close(CLOSE.sessionEnded, 'the session ended');
  };
  // a safety net for missed news, not game time: real time (server-clock.ts)
  const timer = realTime.every(sweepMs, () => {
    sweep().catch((e: unknown) => hub.log.warn({ err: e }, 'session sweep failed'));
  });
  return () => timer.cancel();
};
