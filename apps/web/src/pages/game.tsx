import { useEffect, useState } from 'preact/hooks';
import { type GameModule, loadGame } from '../games/types.js';
import { t } from '../i18n/index.js';
import { LocalSession, loadSave } from '../play/session.js';
import { routeHref } from '../router.js';
import { BoardView } from './board-view.js';

/** A game on this device (one screen or against the AI), resumed from localStorage. */
export const GamePage = ({ id }: { id: string }) => {
  const [state, setState] = useState<
    | { kind: 'loading' }
    | { kind: 'missing'; reason?: string }
    | { kind: 'ready'; mod: GameModule; session: LocalSession }
  >({ kind: 'loading' });
  useEffect(() => {
    const save = loadSave(id);
    if (!save) {
      setState({ kind: 'missing' });
      return;
    }
    let session: LocalSession | undefined;
    let live = true;
    loadGame(save.game).then(
      (mod) => {
        if (!live) return;
        const game = mod.definition.fromSnapshot(save.snapshot);
        if (!game.ok) return setState({ kind: 'missing', reason: game.error.reason });
        session = new LocalSession(mod.definition, game.value, save, mod.hidden(save.options));
        setState({ kind: 'ready', mod, session });
      },
      (e: unknown) => live && setState({ kind: 'missing', reason: String(e) }),
    );
    return () => {
      live = false;
      session?.destroy();
    };
  }, [id]);
  if (state.kind === 'loading') return <p aria-busy="true">…</p>;
  if (state.kind === 'missing')
    return (
      <div>
        <p class="error">{t('game.notFound')}</p>
        {state.reason && <p class="muted">{state.reason}</p>}
        <a href="#/">{t('game.home')}</a>
      </div>
    );
  return (
    // the game shown (for a moment after a route change, the previous one, until the new game has loaded)
    <div data-local={state.session.save.id}>
      <h1 class="game-title">
        {t(`games.${state.session.save.game}`)} · {t(`modes.${state.session.save.mode}`)}
      </h1>
      <BoardView
        mod={state.mod}
        session={state.session}
        hotseatHidden={state.session.save.mode === 'hotseat' && state.mod.hidden(state.session.save.options)}
        replayHref={routeHref({ page: 'replay', id, device: true })}
      />
    </div>
  );
};
