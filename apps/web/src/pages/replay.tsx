import { useEffect, useState } from 'preact/hooks';
import { loadGame } from '../games/types.js';
import { addWords, t } from '../i18n/index.js';
import { dealWords } from '../i18n/page-words.js';
import { getJson } from '../online/wire.js';
import { loadSave } from '../play/saves.js';
import type { LocalGame } from '../replay/local-review.js';
import { ReplayView } from '../replay/replay-view.js';
import { fromDevice, type Ready, rebuild, type StoredGame } from '../replay/replayed-game.js';
import type { ServerReplay } from '../replay/server-replay.js';
import { routeHref } from '../router.js';
import { reviewWordsReady } from './review.js';

type Loaded =
  | { kind: 'loading' }
  | { kind: 'missing' }
  | { kind: 'live'; stored: StoredGame }
  | { kind: 'unfinished' }
  | ({ kind: 'server'; stored: StoredGame; view: typeof ServerReplay } & Omit<Ready, 'info'>)
  | ({ kind: 'device'; local: LocalGame } & Ready);

/**
 * A finished game move by move, its export, and free analysis from any position: a game from the server
 * (`#/replay/<id>`), or one played on this device, at one screen or against the AI (`#/local/<id>/replay`), which
 * needs no server at all.
 */
export const ReplayPage = ({ id, device = false }: { id: string; device?: boolean | undefined }) => {
  const [state, setState] = useState<Loaded>({ kind: 'loading' });
  useEffect(() => {
    let live = true;
    void (async () => {
      if (device) {
        const save = loadSave(id);
        if (!save) return setState({ kind: 'missing' });
        // the review's words come too: a game on this device is reviewed here
        const [mod] = await Promise.all([
          loadGame(save.game).catch(() => undefined),
          reviewWordsReady.catch(() => undefined),
        ]);
        if (!live) return;
        const ready = mod && fromDevice(save, mod);
        if (!ready) return setState({ kind: 'missing' });
        if (!ready.final.outcome()) return setState({ kind: 'unfinished' });
        return setState({ kind: 'device', ...ready, local: { id: save.id, game: save.game, snapshot: save.snapshot } });
      }
      // a server game's fair deal, when it has one, is proven in words a device's replay never shows: they load here
      const dealSaid = addWords(dealWords).catch(() => undefined);
      // so is its view (the players' ratings, the clock, the fair deal's proof): a chunk of its own, fetched beside
      const view = import('../replay/server-replay.js');
      view.catch(() => undefined);
      const r = await getJson<StoredGame>(`api/games/${encodeURIComponent(id)}`);
      if (!live) return;
      if (!r.ok) return setState({ kind: 'missing' });
      const stored = r.value;
      if (stored.status !== 'finished' && stored.status !== 'aborted') return setState({ kind: 'live', stored });
      // the computer review's words (its panel, the move list's marks) come beside the game's chunk; a server game's
      // replay is drawn once they are in, or without them if they cannot load, as every page is
      const [mod, , , exported, { ServerReplay }] = await Promise.all([
        loadGame(stored.game),
        reviewWordsReady.catch(() => undefined),
        dealSaid,
        fetch(`api/games/${encodeURIComponent(id)}/export`)
          .then((x) => (x.ok ? x.text() : undefined))
          .catch(() => undefined),
        view,
      ]);
      if (!live) return;
      const final = rebuild(mod, stored, exported);
      if (!final) return setState({ kind: 'missing' });
      // the server's export carries its headers already; the page writes its own (in its language) on the engine's
      // record of the game it read from it
      const engineText = exported === undefined ? undefined : mod.definition.exportGame(final);
      setState({ kind: 'server', stored, mod, final, exported: engineText, view: ServerReplay });
    })();
    return () => {
      live = false;
    };
  }, [id, device]);
  if (state.kind === 'loading') return <p aria-busy="true">{t('replay.loading')}</p>;
  if (state.kind === 'missing')
    return (
      <div>
        <p class="error">{t('replay.notFound')}</p>
        <a href="#/">{t('online.lobby')}</a>
      </div>
    );
  if (state.kind === 'unfinished')
    return (
      <div>
        <p>{t('replay.localNotOver')}</p>
        <a class="button primary" href={routeHref({ page: 'local', id })}>
          {t('replay.backToLocal')}
        </a>
      </div>
    );
  if (state.kind === 'live')
    return (
      <div>
        <p>{t('replay.notOver')}</p>
        <a class="button primary" href={`#/online/${encodeURIComponent(id)}`}>
          {t('replay.watchLive')}
        </a>
      </div>
    );
  const game = state.kind === 'server' ? state.stored.game : state.info.game;
  return (
    <div class="replay" data-testid="replay">
      <h1 class="game-title">
        {t(`games.${game}`)} · {t('replay.title')}
      </h1>
      {state.kind === 'server' ? (
        <state.view stored={state.stored} mod={state.mod} final={state.final} exported={state.exported} />
      ) : (
        <ReplayView
          info={state.info}
          mod={state.mod}
          final={state.final}
          exported={state.exported}
          local={state.local}
        />
      )}
    </div>
  );
};
