import type { SeatHolder, UserInfo } from '@qiyuan/protocol';
import { describe, expect, it } from 'vitest';
import { ChatGate, STANDING_TTL_MS, STANDINGS_KEPT, type StandingBus } from '../src/chat-gate.js';
import { standIn } from '../src/clients.js';
import type { ChatStanding } from '../src/repos/chat.js';

/**
 * The chat gate keeps what the store says of a writer (a mute, a ban, who blocked it) instead of reading it for every
 * line; a change told to it (here or through the bus from another process) is read again at the next line, and so is
 * a kept standing older than a minute. Here the store is a table the test edits and counts the reads of.
 */

const clear = (): ChatStanding => ({ mutedUntil: null, muteReason: null, barred: false, blockedBy: new Set() });

class Standings {
  readonly table = new Map<string, ChatStanding>();
  reads = 0;
  /** When set, a read waits for this before it answers (a change can land meanwhile). */
  hold: Promise<void> | undefined;
  async standingOf(userId: string): Promise<ChatStanding> {
    this.reads++;
    const answer = this.table.get(userId) ?? clear();
    if (this.hold) await this.hold;
    return answer;
  }
}

/** Every gate on it hears what any of them broadcasts, as the cluster's user channel does. */
class Bus implements StandingBus {
  private readonly fns: ((m: { readonly kind: string; readonly [k: string]: unknown }) => void)[] = [];
  listen(_kind: string, fn: (m: { readonly kind: string; readonly [k: string]: unknown }) => void): void {
    this.fns.push(fn);
  }
  async broadcast(msg: { readonly kind: string; readonly [k: string]: unknown }): Promise<void> {
    for (const fn of this.fns) fn(msg);
  }
}

const user = (id: string): UserInfo => ({ id, name: id, guest: false });
const roomOf = (...ids: string[]) => ({ seats: ids.map((id): SeatHolder => ({ kind: 'user', user: user(id) })) });

describe('the chat gate’s kept standings', () => {
  it('reads a writer once for many lines, and again after a change told to it', async () => {
    let now = 1_000_000;
    const store = new Standings();
    const gate = new ChatGate(store, undefined, () => now);
    const loud = standIn(user('loud'));
    const room = roomOf('loud', 'other');
    for (let i = 0; i < 5; i++) expect(await gate.barred(loud, room)).toBeUndefined();
    expect(store.reads).toBe(1);
    store.table.set('loud', { ...clear(), mutedUntil: now + 30_000, muteReason: 'insults' });
    expect(await gate.barred(loud, room)).toBeUndefined(); // not told yet: what was kept stands
    await gate.changed('loud');
    expect(await gate.barred(loud, room)).toMatchObject({
      code: 'not-allowed',
      refusal: { refusal: 'chat-muted', values: { reason: 'insults' } },
    });
    expect(store.reads).toBe(2);
    // the mute ends on the clock without a new read
    now += 30_000;
    expect(await gate.barred(loud, room)).toBeUndefined();
    expect(store.reads).toBe(2);
  });

  it('reads a kept standing again once it is a minute old, in case the news was lost', async () => {
    let now = 1_000_000;
    const store = new Standings();
    const gate = new ChatGate(store, undefined, () => now);
    const w = standIn(user('w'));
    await gate.barred(w, roomOf('w'));
    now += STANDING_TTL_MS - 1;
    await gate.barred(w, roomOf('w'));
    expect(store.reads).toBe(1);
    store.table.set('w', { ...clear(), barred: true });
    now += 1;
    expect(await gate.barred(w, roomOf('w'))).toMatchObject({ code: 'not-allowed' });
    expect(store.reads).toBe(2);
  });

  it('refuses a writer blocked by a player of the game, not by someone else', async () => {
    const store = new Standings();
    store.table.set('w', { ...clear(), blockedBy: new Set(['stranger']) });
    const gate = new ChatGate(store, undefined, () => 0);
    const w = standIn(user('w'));
    expect(await gate.barred(w, roomOf('w', 'p'))).toBeUndefined();
    store.table.set('w', { ...clear(), blockedBy: new Set(['stranger', 'p']) });
    await gate.changed('w');
    expect(await gate.barred(w, roomOf('w', 'p'))).toMatchObject({ refusal: { refusal: 'chat-blocked' } });
    expect(await gate.barred(w, roomOf('w', 'q'))).toBeUndefined();
  });

  it('does not keep a read that a change overtook: the next line reads again', async () => {
    const store = new Standings();
    const gate = new ChatGate(store, undefined, () => 0);
    const w = standIn(user('w'));
    let release = () => {};
    store.hold = new Promise<void>((r) => {
      release = r;
    });
    const first = gate.barred(w, roomOf('w'));
    const second = gate.barred(w, roomOf('w')); // waits for the same read
    store.table.set('w', { ...clear(), barred: true });
    await gate.changed('w'); // lands while the read (of the old row) is going on
    release();
    expect(await first).toBeUndefined();
    expect(await second).toBeUndefined();
    expect(store.reads).toBe(1);
    store.hold = undefined;
    expect(await gate.barred(w, roomOf('w'))).toMatchObject({ code: 'not-allowed' });
    expect(store.reads).toBe(2);
  });

  it('forgets on every gate of the bus when one of them is told', async () => {
    const store = new Standings();
    const bus = new Bus();
    const [here, there] = [new ChatGate(store, undefined, () => 0, bus), new ChatGate(store, undefined, () => 0, bus)];
    const w = standIn(user('w'));
    await here.barred(w, roomOf('w'));
    await there.barred(w, roomOf('w'));
    store.table.set('w', { ...clear(), mutedUntil: 10, muteReason: 'x' });
    await here.changed('w');
    expect(await there.barred(w, roomOf('w'))).toMatchObject({ refusal: { refusal: 'chat-muted' } });
    expect(store.reads).toBe(3);
  });

  it('keeps at most so many writers, letting go of the one unused longest', async () => {
    const store = new Standings();
    const gate = new ChatGate(store, undefined, () => 0);
    const writers = Array.from({ length: STANDINGS_KEPT + 1 }, (_, i) => standIn(user(`w${i}`)));
    for (const w of writers.slice(0, STANDINGS_KEPT)) await gate.barred(w, roomOf(w.user.id));
    await gate.barred(writers[0]!, roomOf('w0')); // w0 used again: w1 is now the longest unused
    expect(store.reads).toBe(STANDINGS_KEPT);
    await gate.barred(writers[STANDINGS_KEPT]!, roomOf(`w${STANDINGS_KEPT}`)); // one too many: w1 goes
    await gate.barred(writers[0]!, roomOf('w0'));
    expect(store.reads).toBe(STANDINGS_KEPT + 1);
    await gate.barred(writers[1]!, roomOf('w1'));
    expect(store.reads).toBe(STANDINGS_KEPT + 2);
  });
});
