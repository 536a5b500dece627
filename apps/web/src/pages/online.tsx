import type { GameId } from '@qiyuan/core';
import { useEffect, useState } from 'preact/hooks';
import { type GameModule, loadGame } from '../games/types.js';
import { t } from '../i18n/index.js';
import { connection } from '../online/client.js';
import { OnlineSession } from '../online/session.js';
import { useStore } from '../store.js';
import { BoardView, seatLabel } from './board-view.js';

const fmt = (ms: number): string => {
  const s = Math.max(0, Math.ceil(ms / 1000));
  return `${Math.floor(s / 60)}:${String(s % 60).padStart(2, '0')}`;
};

const Clocks = ({ session, mod }: { session: OnlineSession; mod: GameModule }) => {
  const x = useStore(session.extra);
  const s = useStore(session.state);
  const [, tick] = useState(0);
  useEffect(() => {
    const h = setInterval(() => tick((n) => n + 1), 250);
    return () => clearInterval(h);
  }, []);
  if (!x.clock || x.clock.remainingMs.length === 0) return null;
  const elapsed = x.clock.paused ? 0 : Date.now() - x.receivedAt;
  return (
    <ul class="clocks">
      {x.clock.remainingMs.map((ms, seat) => {
        const running = x.clock!.running.includes(seat) && !s.outcome;
        return (
          <li
            key={seat}
            class={running ? 'running' : ''}
            aria-label={t('game.clock', { player: seatLabel(mod, s, seat) })}
          >
            <span>{seatLabel(mod, s, seat)}</span>
            <time data-testid={`clock-${seat}`}>{fmt(running ? ms - elapsed : ms)}</time>
          </li>
        );
      })}
    </ul>
  );
};

const Offers = ({ session, mod }: { session: OnlineSession; mod: GameModule }) => {
  const x = useStore(session.extra);
  const s = useStore(session.state);
  const theirs = x.offers.filter((o) => !s.mine.includes(o.seat));
  if (theirs.length === 0) return null;
  return (
    <div class="offers" role="alert">
      {theirs.map((o) => (
        <p key={`${o.seat}-${o.offer}`}>
          {o.offer === 'draw'
            ? t('game.drawOffered', { player: seatLabel(mod, s, o.seat) })
            : t('game.takebackAsked', { player: seatLabel(mod, s, o.seat) })}{' '}
          <button type="button" data-testid={`accept-${o.offer}`} onClick={() => session.answer(o.offer, true)}>
            {o.offer === 'draw' ? t('game.acceptDraw') : t('game.acceptTakeback')}
          </button>
          <button type="button" onClick={() => session.answer(o.offer, false)}>
            {t('game.declineDraw')}
          </button>
        </p>
      ))}
    </div>
  );
};

const Chat = ({ session }: { session: OnlineSession }) => {
  const x = useStore(session.extra);
  const [text, setText] = useState('');
  return (
    <section class="chat" aria-labelledby="chat-title">
      <h2 id="chat-title">{t('game.chat')}</h2>
      <ul aria-live="polite">
        {x.chat.map((c) => (
          <li key={`${c.at}-${c.from}`}>
            <strong>{c.from}</strong>: {c.text}
          </li>
        ))}
      </ul>
      <form
        onSubmit={(e) => {
          e.preventDefault();
          session.chat(text);
          setText('');
        }}
      >
        <label class="sr-only" for="chat-input">
          {t('game.chatPlaceholder')}
        </label>
        <input
          id="chat-input"
          value={text}
          maxLength={500}
          placeholder={t('game.chatPlaceholder')}
          onInput={(e) => setText((e.currentTarget as HTMLInputElement).value)}
        />
        <button type="submit">{t('game.send')}</button>
      </form>
    </section>
  );
};

const Invite = ({ id }: { id: string }) => {
  const link = `${location.href.replace(/#.*$/, '')}#/online/${encodeURIComponent(id)}`;
  const [copied, setCopied] = useState(false);
  return (
    <div class="invite">
      <p>{t('game.waitingOpponent')}</p>
      <label for="invite-link">{t('game.share')}</label>
      <div class="row">
        <input
          id="invite-link"
          readOnly
          value={link}
          data-testid="invite-link"
          onFocus={(e) => e.currentTarget.select()}
        />
        <button
          type="button"
          onClick={() => {
            void navigator.clipboard?.writeText(link).then(() => setCopied(true));
          }}
        >
          {copied ? t('game.copied') : t('game.copy')}
        </button>
      </div>
    </div>
  );
};

type PageState =
  | { kind: 'connecting' }
  | { kind: 'offline' }
  | { kind: 'seek'; seekId: string; game?: GameId }
  | { kind: 'missing'; reason: string }
  | { kind: 'game'; mod: GameModule; session: OnlineSession };

/**
 * An online game by id. The id may also be a seek's (the creator's page and
 * the invitation link): the invitee joins it, both wait for `game.started`,
 * then the page follows the game.
 */
export const OnlinePage = ({ id }: { id: string; replay?: boolean }) => {
  const [state, setState] = useState<PageState>({ kind: 'connecting' });
  const conn = useStore(connection.state);
  useEffect(() => {
    let live = true;
    let session: OnlineSession | undefined;
    const follow = async (gameId: string, game: GameId) => {
      const mod = await loadGame(game);
      if (!live) return;
      session = new OnlineSession(mod, gameId);
      setState({ kind: 'game', mod, session });
    };
    const stop = connection.listen((m) => {
      if (m.type === 'game.started' && (m.seekId === id || m.gameId === id)) {
        const gameId = String(m.gameId);
        if (gameId !== id) history.replaceState(null, '', `#/online/${encodeURIComponent(gameId)}`);
        void fetchGame(gameId).then((g) => {
          if (g && live) void follow(gameId, g);
        });
      }
    });
    void (async () => {
      if (!(await connection.open())) return live && setState({ kind: 'offline' });
      const invite = await fetch(`api/invite/${encodeURIComponent(id)}`)
        .then((r) =>
          r.ok
            ? (r.json() as Promise<{
                gameId?: string;
                status?: string;
                game?: GameId;
                seats?: { kind: string; user?: { id: string } }[];
              }>)
            : undefined,
        )
        .catch(() => undefined);
      if (!live) return;
      const open = invite?.seats?.some((x) => x.kind === 'open') ?? false;
      if (invite && open) {
        // a seek still waiting for players: join it, unless this user already sits in it
        // (the server would seat its creator a second time)
        setState({ kind: 'seek', seekId: id, ...(invite.game ? { game: invite.game } : {}) });
        const me = connection.state.get().user?.id;
        const seated = invite.seats?.some((x) => x.user?.id !== undefined && x.user.id === me) ?? false;
        if (!seated) await connection.request({ type: 'seek.join', seekId: id });
        return;
      }
      const game = invite?.game ?? (await fetchGame(invite?.gameId ?? id));
      if (!live) return;
      if (!game) return setState({ kind: 'missing', reason: t('game.notFound') });
      return follow(invite?.gameId ?? id, game);
    })();
    return () => {
      live = false;
      stop();
      session?.destroy();
    };
  }, [id]);
  if (state.kind === 'connecting') return <p aria-busy="true">{t('game.connecting')}</p>;
  if (state.kind === 'offline') return <p class="error">{t('home.offline')}</p>;
  if (state.kind === 'missing') return <p class="error">{state.reason}</p>;
  if (state.kind === 'seek') return <Invite id={state.seekId} />;
  const { mod, session } = state;
  return (
    <div>
      <h1 class="game-title">
        {t(`games.${mod.id}`)} · {t('modes.online')}
      </h1>
      {!conn.connected && <p class="note">{t('game.reconnecting')}</p>}
      <BoardView
        mod={mod}
        session={session}
        hotseatHidden={false}
        extra={
          <>
            <Clocks session={session} mod={mod} />
            <Offers session={session} mod={mod} />
          </>
        }
      />
      <Chat session={session} />
    </div>
  );
};

const fetchGame = async (id: string): Promise<GameId | undefined> => {
  try {
    const r = await fetch(`api/games/${encodeURIComponent(id)}`);
    if (!r.ok) return undefined;
    const j = (await r.json()) as { game?: GameId; info?: { game?: GameId } };
    return j.game ?? j.info?.game;
  } catch {
    return undefined;
  }
};
