import { useEffect, useState } from 'preact/hooks';
import { type GameModule, loadGame } from '../games/types.js';
import { i18n, t } from '../i18n/index.js';
import { engineRefusalText } from '../play/engine-refusals.js';
import { type LocalSave, loadSave } from '../play/saves.js';
import { LocalSession } from '../play/session.js';
import { routeHref } from '../router.js';
import { BoardView } from './board-view.js';

type Opened = { ok: true; session: LocalSession } | { ok: false; code: string };

/**
 * Reopens a saved game: a save damaged in storage or written by an older version may be refused by its engine, or
 * even trip it up, and is then reported by its refusal's code rather than breaking the page.
 */
const openSave = (mod: GameModule, save: LocalSave): Opened => {
  try {
    const game = mod.definition.fromSnapshot(save.snapshot);
    if (!game.ok) return { ok: false, code: game.error.code };
    return { ok: true, session: new LocalSession(mod.definition, game.value, save, mod.hidden(save.options)) };
  } catch {
    return { ok: false, code: 'bad-snapshot' };
  }
};

/** A game on this device (one screen or against the AI), resumed from localStorage. */
export const GamePage = ({ id }: { id: string }) => {
  const [state, setState] = useState<
    | { kind: 'loading' }
    | { kind: 'missing' }
    | { kind: 'broken'; code: string }
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
        const opened = openSave(mod, save);
        if (!opened.ok) return setState({ kind: 'broken', code: opened.code });
        session = opened.session;
        setState({ kind: 'ready', mod, session });
      },
      // the game's chunk would not load (offline before it was cached)
      () => live && setState({ kind: 'broken', code: 'no-game' }),
    );
    return () => {
      live = false;
      session?.destroy();
    };
  }, [id]);
  if (state.kind === 'loading') return <p aria-busy="true">…</p>;
  if (state.kind === 'missing' || state.kind === 'broken')
    return (
      <div>
        <p class="error" role="alert" data-testid="save-problem">
          {t(state.kind === 'missing' ? 'game.notFound' : 'engineRefusals.brokenSave')}
        </p>
        {/* the engine's words for what it refused, when they say more than the sentence above */}
        {state.kind === 'broken' &&
          state.code !== 'bad-snapshot' &&
          i18n.exists(`engineRefusals.codes.${state.code}`) && <p class="muted">{engineRefusalText(state.code)}</p>}
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
