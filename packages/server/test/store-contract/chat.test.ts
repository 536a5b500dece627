import { expect, it } from 'vitest';
import { ChatRepo } from '../../src/repos/chat.js';
import { GameChat } from '../../src/repos/game-chat.js';
import { ModerationRepo } from '../../src/repos/moderation.js';
import { addGame, addUser, fresh } from './rows.js';
import { describeStores } from './stores.js';

describeStores('the chat repository', (store) => {
  const repo = () => new ChatRepo(store());
  // who hid the spectators' lines is read where a game's chat is loaded (one reader of that table)
  const lines = () => new GameChat(store());

  it('hides and shows a game’s spectator lines for a player, twice over without error', async () => {
    const gameId = await addGame(store());
    const [a, b] = [fresh('u'), fresh('u')];
    expect(await lines().quietIn(gameId)).toEqual([]);
    await repo().hideSpectators(gameId, b);
    await repo().hideSpectators(gameId, a);
    await repo().hideSpectators(gameId, a); // again: nothing changes
    expect(await lines().quietIn(gameId)).toEqual([a, b].sort());
    await repo().showSpectators(gameId, a);
    await repo().showSpectators(gameId, a);
    expect(await lines().quietIn(gameId)).toEqual([b]);
    expect(await lines().quietIn(await addGame(store()))).toEqual([]);
  });

  it('reads a writer’s standing: nothing against an unknown writer or a clean account', async () => {
    const clear = { mutedUntil: null, muteReason: null, barred: false, blockedBy: new Set() };
    expect(await repo().standingOf(fresh('guest'))).toEqual(clear);
    expect(await repo().standingOf((await addUser(store())).id)).toEqual(clear);
  });

  it('reads a mute, a ban or closing, and who blocked the writer', async () => {
    const mod = new ModerationRepo(store());
    const [u, x, y] = [await addUser(store()), await addUser(store()), await addUser(store())];
    await mod.setMute(u.id, 9_000_000_000_000, 'insults');
    await mod.block(x.id, u.id, 1);
    await mod.block(y.id, u.id, 2);
    await mod.block(u.id, y.id, 3); // u's own blocks are not against u
    expect(await repo().standingOf(u.id)).toEqual({
      mutedUntil: 9_000_000_000_000,
      muteReason: 'insults',
      barred: false,
      blockedBy: new Set([x.id, y.id]),
    });
    await mod.setBan(u.id, 5, 'spam');
    expect((await repo().standingOf(u.id)).barred).toBe(true);
    await mod.setBan(u.id, null, null);
    expect((await repo().standingOf(u.id)).barred).toBe(false);
    await mod.close(u.id, 6);
    expect((await repo().standingOf(u.id)).barred).toBe(true);
    // a guest never stored can still be blocked
    const guest = fresh('guest');
    await mod.block(x.id, guest, 4);
    expect((await repo().standingOf(guest)).blockedBy).toEqual(new Set([x.id]));
  });
});
