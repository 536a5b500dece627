import type { Page } from 'playwright-core';

/**
 * Plays a tournament's part from a logged-in page without its screens: each request goes over a WebSocket the page
 * opens itself (so it carries the page's own session), and tournaments are read over HTTP. For browser tests that
 * only read a tournament page, once it has been played.
 */

type Answer = { type: string; id?: string; [k: string]: unknown };

/** Sends one request from the page and resolves to its answer (`game.resign` first reads the game's sequence). */
export const ask = (page: Page, msg: Record<string, unknown>): Promise<Answer> =>
  page.evaluate(async (m) => {
    const ws = new WebSocket(`${location.origin.replace(/^http/, 'ws')}/ws`);
    const inbox: Answer[] = [];
    const waiters: (() => void)[] = [];
    ws.onmessage = (e) => {
      inbox.push(JSON.parse(String(e.data)) as Answer);
      for (const w of waiters.splice(0)) w();
    };
    const next = async (pred: (a: Answer) => boolean): Promise<Answer> => {
      for (;;) {
        const found = inbox.find(pred);
        if (found) return found;
        await new Promise<void>((r) => waiters.push(r));
      }
    };
    await new Promise<void>((r) => {
      ws.onopen = () => r();
    });
    ws.send(JSON.stringify({ type: 'hello', v: 1 }));
    await next((a) => a.type === 'welcome');
    const out: Record<string, unknown> = { ...m, id: 'req' };
    if (m.type === 'game.resign') {
      ws.send(JSON.stringify({ type: 'game.watch', gameId: m.gameId, id: 'watch' }));
      const sync = await next((a) => a.type === 'game.sync');
      out.seq = sync.seq;
    }
    ws.send(JSON.stringify(out));
    const answer = await next((a) => a.id === 'req');
    ws.close();
    return answer;
  }, msg);

/** The page's account id. */
export const myId = async (page: Page): Promise<string> =>
  page.evaluate(async () => ((await (await fetch('/api/me')).json()) as { user: { id: string } }).user.id);

export interface PairingView {
  readonly round: number;
  readonly players: readonly string[];
  readonly gameId?: string;
  readonly state?: string;
  readonly bye?: boolean;
}
export interface TournamentRead {
  readonly status: string;
  readonly round: number;
  readonly pairings: readonly PairingView[];
  readonly standings: readonly { rank: number; user: { id: string; name: string } }[];
  readonly entrants: readonly { user: { id: string }; rating: number }[];
}

/** Reads the tournament until `pred` holds (polled; a minute at most). */
export const readUntil = async (
  url: string,
  tid: string,
  pred: (t: TournamentRead) => boolean,
): Promise<TournamentRead> => {
  for (const end = Date.now() + 60_000; ; ) {
    const t = (await (await fetch(`${url}/api/tournaments/${tid}`)).json()) as TournamentRead;
    if (pred(t)) return t;
    if (Date.now() > end) throw new Error(`tournament ${tid} never got there: ${JSON.stringify(t).slice(0, 2000)}`);
    await new Promise((r) => setTimeout(r, 100));
  }
};

/** Every game paired so far has started, and one is being played. */
export const started = (t: TournamentRead): boolean =>
  t.pairings.every((p) => p.bye || p.state !== undefined) && t.pairings.some((p) => p.state === 'playing');
