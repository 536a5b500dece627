import type { GameId } from '@qiyuan/core';
import { useEffect, useState } from 'preact/hooks';
import { type GameModule, loadGame } from '../games/types.js';
import { t } from '../i18n/index.js';
import { connection } from '../online/client.js';
import { GameView } from '../online/game-room.js';
import { OnlineSession } from '../online/session.js';
import { type Invite, WaitingRoom } from '../online/waiting-room.js';
import { getJson } from '../online/wire.js';

// The page's parts: the waiting room (online/waiting-room.tsx), then the game room (online/game-room.tsx) with its
// players and clocks, offers and actions, the end, the chat and spectators (online/*.tsx).

type PageState =
  | { kind: 'connecting' }
  | { kind: 'offline' }
  | { kind: 'waiting'; invite: Invite }
  | { kind: 'missing' }
  | { kind: 'cancelled' }
  | { kind: 'game'; mod: GameModule; session: OnlineSession };

/**
 * An online game by id; the id is also its seek's (the creator's page and the
 * invitation link): while seats are open the page is a waiting room, and it
 * becomes the game when the last seat is taken.
 */
export const OnlinePage = ({ id }: { id: string }) => {
  const [state, setState] = useState<PageState>({ kind: 'connecting' });
  useEffect(() => {
    let live = true;
    let session: OnlineSession | undefined;
    let following = false;
    let poll: ReturnType<typeof setInterval> | undefined;
    const follow = async (game: GameId) => {
      if (following) return;
      following = true;
      if (poll) clearInterval(poll);
      const mod = await loadGame(game);
      if (!live) return;
      session = new OnlineSession(mod, id);
      setState({ kind: 'game', mod, session });
    };
    const check = async () => {
      const r = await getJson<Invite>(`api/invite/${encodeURIComponent(id)}`);
      if (!live || following) return;
      if (!r.ok) return setState(r.code === 'network' ? { kind: 'offline' } : { kind: 'missing' });
      const invite = r.value;
      if (invite.status === 'seeking') setState({ kind: 'waiting', invite });
      else if (invite.status === 'aborted') setState({ kind: 'cancelled' });
      else await follow(invite.game);
    };
    const stop = connection.listen((m) => {
      if (m.type === 'game.started' && m.gameId === id) void check();
      if (m.type === 'seek.removed' && m.seekId === id) void check();
    });
    void (async () => {
      if (!(await connection.open())) return live && setState({ kind: 'offline' });
      await check();
      // seats fill without a message to the ones waiting: look again every two seconds
      if (live && !following) poll = setInterval(() => document.visibilityState === 'visible' && void check(), 2000);
    })();
    return () => {
      live = false;
      stop();
      if (poll) clearInterval(poll);
      session?.destroy();
    };
  }, [id]);
  switch (state.kind) {
    case 'connecting':
      return <p aria-busy="true">{t('game.connecting')}</p>;
    case 'offline':
      return <p class="error">{t('home.offline')}</p>;
    case 'missing':
      return (
        <div>
          <p class="error">{t('online.errors.not-found')}</p>
          <a href="#/">{t('online.lobby')}</a>
        </div>
      );
    case 'cancelled':
      return (
        <div>
          <p class="muted">{t('online.cancelled')}</p>
          <a href="#/">{t('online.lobby')}</a>
        </div>
      );
    case 'waiting':
      return (
        <WaitingRoom
          invite={state.invite}
          onJoined={() =>
            void getJson<Invite>(`api/invite/${encodeURIComponent(id)}`).then(
              (r) => r.ok && r.value.status === 'seeking' && setState({ kind: 'waiting', invite: r.value }),
            )
          }
        />
      );
    case 'game':
      return <GameView mod={state.mod} session={state.session} />;
  }
};
