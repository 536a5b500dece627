import { actingSeats, GAME_IDS, type Game, type GameId } from '@qiyuan/core';
import { h } from 'preact';
import { useEffect, useMemo, useRef, useState } from 'preact/hooks';
import { ContinueFrom } from '../analysis/continue-from.js';
import type { PositionEditor as Editor, parseMovetext } from '../analysis/editor.js';
import { EnginePanel } from '../analysis/engine-panel.js';
import { loadAnalysisGame } from '../analysis/games.js';
import { type BoardState, decodeBoard, encodeBoard } from '../analysis/link.js';
import { firstPly } from '../analysis/numbering.js';
import { startRefusal } from '../analysis/refusal-detail.js';
import { type AnalysisRefusal, refusalText, refusalWordsReady } from '../analysis/refusals.js';
import {
  analysisOptions,
  editorPosition,
  makeStart,
  playLine,
  type Start,
  type StartSpec,
  seatFor,
} from '../analysis/start.js';
import {
  addMove,
  back,
  deleteAt,
  EMPTY_TREE,
  forward,
  lineEnd,
  lineTree,
  movesTo,
  movetext,
  nodeAt,
  type Path,
  type Place,
  promote,
  promoteToMain,
  setComment,
  sibling,
} from '../analysis/tree.js';
import { TreeView } from '../analysis/tree-view.js';
import { type MoveStep, useMoveKeys } from '../board/move-keys.js';
import { type GameModule, loadGame } from '../games/types.js';
import { i18n, listOf, t, tOr } from '../i18n/index.js';
import { routeHref } from '../router.js';
import { settings } from '../settings.js';
import { useStore } from '../store.js';
import { positionInput } from './position-input.js';
import '../analysis/analysis.css';
import { useBoard } from '../board/use-board.js';

/** Each language's words of the board, a chunk of its own: only the language shown is fetched. */
const WORDS: Record<string, () => Promise<object>> = {
  en: async () => (await import('../i18n/analysis-en.js')).analysisEn,
  'zh-CN': async () => (await import('../i18n/analysis-zh-CN.js')).analysisZhCN,
  'zh-TW': async () => (await import('../i18n/analysis-zh-TW.js')).analysisZhTW,
};
const loadedWords = new Set<string>();

/** True once the board's words of the language shown are in the catalogue (the page waits for them). */
const useWords = (): boolean => {
  const lng = i18n.language;
  const [ready, setReady] = useState(loadedWords.has(lng));
  useEffect(() => {
    if (loadedWords.has(lng)) return setReady(true);
    let live = true;
    setReady(false);
    void (WORDS[lng] ?? WORDS.en!)().then((res) => {
      i18n.addBundle(lng, res, false);
      loadedWords.add(lng);
      if (live) setReady(true);
    });
    return () => {
      live = false;
    };
  }, [lng]);
  return ready;
};

/** The link of a board state: `#/analysis/<game>/<payload>` (see analysis/link.ts). */
export const analysisHref = (game: GameId, state?: BoardState): string =>
  routeHref({ page: 'analysis', game, ...(state ? { state: encodeBoard(state) } : {}) });

interface Loaded {
  readonly start: Start;
  readonly spec: StartSpec;
  /** A finished game with hidden pieces from its replay: the seat whose knowledge is shown, or ALL_KNOWN. */
  readonly known?: number;
}

/** The seat across the board from seat 0, which ⇅ brings to the bottom (the next seat when none sits opposite). */
const oppositeSeat = (seats: number): number => (seats % 2 === 0 ? seats / 2 : 1);

/**
 * A refusal and where it is said: a link's on the page, the editor's and the import box's beside their buttons, where
 * the player is looking. Worded when drawn, so it follows a switch of language.
 */
interface Refused {
  readonly at: 'page' | 'editor' | 'import';
  readonly refusal: AnalysisRefusal;
}

const FRAMES = { page: 'analysis.link.refused', editor: 'analysis.editor.refused', import: 'analysis.import.refused' };

const refusedText = (r: Refused): string => String(t(FRAMES[r.at], { reason: refusalText(r.refusal) }));

/** A move of the tree that cannot be played: which (its text and number, as the moves are numbered) and why. */
const moveRefusal = (
  moves: readonly string[],
  failed: { readonly index: number; readonly code: string; readonly reason: string },
  first: number,
): AnalysisRefusal => ({
  code: 'move-refused',
  params: { move: moves[failed.index] ?? '', ply: first + failed.index },
  cause: { code: failed.code, reason: failed.reason },
});

/**
 * The analysis board, `#/analysis/<game>[/<state>]`: free play for every side from any position, a tree of
 * variations, the position editor with import and export, the engine in a worker loaded on demand, and a link that
 * reopens all of it.
 */
export const AnalysisPage = ({ game, state }: { game?: string | undefined; state?: string | undefined }) => {
  const id = (GAME_IDS as readonly string[]).includes(game ?? '') ? (game as GameId) : GAME_IDS[0];
  const [mod, setMod] = useState<GameModule | undefined>();
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    let live = true;
    // the game's analysis entry (a small chunk of its own) comes beside its module: the board reads both
    Promise.all([loadGame(id), loadAnalysisGame(id)]).then(
      ([m]) => live && setMod(() => m),
      () => live && setFailed(true),
    );
    return () => {
      live = false;
    };
  }, [id]);
  const words = useWords();
  if (!words) return <p aria-busy="true">…</p>;
  return (
    <div class="analysis-page" data-testid="analysis">
      <h1 class="game-title">
        {t('analysis.title')} · {t(`games.${id}`)}
      </h1>
      <nav class="analysis-games" aria-label={t('analysis.choose')}>
        {GAME_IDS.map((g) => (
          <a key={g} href={analysisHref(g)} aria-current={g === id ? 'page' : undefined} data-testid={`analysis-${g}`}>
            {t(`games.${g}`)}
          </a>
        ))}
      </nav>
      <p class="muted">{t('analysis.intro')}</p>
      {failed && <p class="error">{t('errors.network')}</p>}
      {mod && mod.id === id ? (
        <Board key={`${id}|${state ?? ''}`} mod={mod} state={state} />
      ) : (
        <p aria-busy="true">…</p>
      )}
    </div>
  );
};

/** The state the page opens with: the link's, else the game's usual start with no moves. */
const initial = (mod: GameModule, state: string | undefined): { loaded: Loaded; place: Place; error?: Refused } => {
  const fresh = (): Loaded => {
    const spec = { options: {}, position: '' };
    const s = makeStart(mod.definition, mod.id, spec);
    if (!s.ok) throw new Error(s.error.reason);
    return { start: s.value, spec };
  };
  if (!state) return { loaded: fresh(), place: { tree: EMPTY_TREE, path: [] } };
  const decoded = decodeBoard(state);
  if (!decoded.ok)
    return { loaded: fresh(), place: { tree: EMPTY_TREE, path: [] }, error: { at: 'page', refusal: decoded } };
  const s = makeStart(mod.definition, mod.id, decoded.value.start);
  if (!s.ok) {
    const refusal = startRefusal(mod.id, decoded.value.start, s.error, mod.definition);
    return { loaded: fresh(), place: { tree: EMPTY_TREE, path: [] }, error: { at: 'page', refusal } };
  }
  // a link from a replay carries the record alone: its moves are the main line
  const tree =
    decoded.value.tree.children.length === 0 && s.value.moves.length > 0 ? lineTree(s.value.moves) : decoded.value.tree;
  const path = nodeAt(tree, decoded.value.path) ? decoded.value.path : [];
  const known = decoded.value.known;
  return {
    loaded: { start: s.value, spec: decoded.value.start, ...(known === undefined ? {} : { known }) },
    place: { tree, path },
  };
};

/** The reader of pasted lines, from the editor's chunk: the import that pastes them is the editor's. */
let readLines: typeof parseMovetext | undefined;

/** The arrows' overlay once fetched (the first lines of the engine on a board without arrows of its own). */
let overlay: typeof import('../analysis/overlay.js') | undefined;

const Board = ({ mod, state }: { mod: GameModule; state: string | undefined }) => {
  const first = useMemo(() => initial(mod, state), []);
  const [loaded, setLoaded] = useState<Loaded>(first.loaded);
  const [place, setPlace] = useState<Place>(first.place);
  // undo goes back through changes of the tree and of the start alike
  const [history, setHistory] = useState<readonly { place: Place; loaded: Loaded }[]>([]);
  const [error, setError] = useState<Refused | undefined>(first.error);
  const [flipped, setFlipped] = useState(false);
  const [copied, setCopied] = useState(false);
  const [suggested, setSuggested] = useState<readonly string[]>([]);
  // the editor and the import are fetched when first opened: a board opened from a link or a replay needs neither
  const [editor, setEditor] = useState<typeof Editor | undefined>();
  const cfg = useStore(settings);
  const area = useRef<HTMLDivElement>(null);
  const arrowsAsked = useRef(0);
  const { tree, path } = place;

  const moves = movesTo(tree, path);
  // a set-up position numbers its moves on from its own turn
  const startNumber = useMemo(() => firstPly(mod.id, loaded.start.root), [loaded]);
  const line = useMemo(() => playLine(loaded.start.root, moves), [loaded, tree, path.join('.')]);
  // a refusal said on the page (a link it cannot open, a move of it it cannot play) is drawn once its words are in,
  // a chunk of their own that a board opened on a readable link goes without
  const saysRefusal = error?.at === 'page' || line.failed !== undefined;
  const [refusalsIn, setRefusalsIn] = useState(false);
  useEffect(() => {
    if (!saysRefusal || refusalsIn) return;
    let live = true;
    const done = () => live && setRefusalsIn(true);
    refusalWordsReady().then(done, done);
    return () => {
      live = false;
    };
  }, [saysRefusal]);
  const position: Game = line.game;
  const positionKey = `${loaded.spec.position}|${JSON.stringify(loaded.spec.options)}|${moves.join(';')}`;

  /** A change to the tree, kept for undo. */
  const change = (next: Place) => {
    if (next.tree !== tree) setHistory((h) => [...h.slice(-199), { place, loaded }]);
    setPlace(next);
  };
  const play = (text: string) => {
    if (position.outcome()) return;
    if (seatFor(position, text) === undefined) return;
    change(addMove(tree, path, text));
  };
  const { host, board } = useBoard(mod, play);
  const go = (p: Path) => setPlace((cur) => ({ tree: cur.tree, path: p }));

  // the link follows the board: the hash is replaced (not pushed), so Back leaves the board as a whole
  const boardState: BoardState = {
    start: loaded.spec,
    tree,
    path,
    ...(loaded.known === undefined ? {} : { known: loaded.known }),
  };
  const href = analysisHref(mod.id, boardState);
  useEffect(() => {
    if (location.hash !== href) window.history.replaceState(null, '', href);
    setCopied(false);
  }, [href]);

  // every seat plays here: the board is seen as the seat to move (every piece is face up on this board), or, for a
  // game with hidden pieces opened as a seat knew it, always as that seat (its own moves played on the board)
  const acting = actingSeats(position.turn());
  const seat = acting.find((s) => position.legalMoves(s).length > 0) ?? acting[0] ?? 0;
  const knower =
    loaded.known !== undefined && loaded.known >= 0 && loaded.known < position.seatCount ? loaded.known : undefined;
  const shown = knower ?? seat;
  const legal = useMemo(
    () => (position.outcome() || shown !== seat ? [] : position.legalMoves(seat).map((m) => position.moveToString(m))),
    [position, seat, shown],
  );
  // the game's moves as the knowing seat's record wrote them during the game (another army's deployment is not shown):
  // read before the last move, since a finished game shows every record to everyone
  const knownGame = useMemo(
    () => (knower === undefined ? undefined : playLine(loaded.start.root, loaded.start.moves.slice(0, -1)).game),
    [loaded, knower],
  );
  const knownLabel =
    knownGame && knower !== undefined
      ? (at: Path, move: string): string => {
          const p = at.length - 1;
          const onGame = p < knownGame.ply && at.every((i) => i === 0) && loaded.start.moves[p] === move;
          return onGame ? knownGame.recordFor(knower, p).notation : move;
        }
      : undefined;
  // a fixed side at the bottom (the knowing seat's, else the first seat's), turned around with ⇅
  const bottomSeat = knower ?? 0;
  const bottom = flipped ? (bottomSeat + oppositeSeat(position.seatCount)) % position.seatCount : bottomSeat;
  useEffect(() => {
    if (!board.current) return;
    board.current.update(
      positionInput(
        position,
        shown,
        // a study board: whichever seat it is seen as, it is nobody's own
        { bottom, legal, browsing: false, yours: false },
        {
          pieces: cfg.pieces,
          coordinates: cfg.coordinates,
        },
      ),
    );
  }, [position, shown, legal, bottom, cfg.language, cfg.pieces, cfg.coordinates]);

  useEffect(() => {
    if (board.current?.arrows) board.current.arrows(suggested);
    else if (area.current) {
      const at = area.current;
      const asked = ++arrowsAsked.current;
      // the overlay's code comes with the engine's first lines (a board without its own arrows); a later call wins.
      // No lines and no overlay yet: nothing is drawn to clear, so a board the engine never ran on does not fetch it
      if (suggested.length === 0 && !overlay) return;
      void import('../analysis/overlay.js').then((m) => {
        overlay = m;
        if (asked === arrowsAsked.current) m.drawArrows(at, mod.id, suggested);
      });
    }
  }, [suggested, position, flipped]);

  useMoveKeys((step) => {
    const to: Record<MoveStep, () => Path> = {
      back: () => back(path),
      forward: () => forward(tree, path),
      up: () => sibling(tree, path, -1),
      down: () => sibling(tree, path, 1),
      first: () => [],
      last: () => lineEnd(tree, path),
    };
    go(to[step]());
  });

  const apply = (spec: StartSpec, from: 'editor' | 'import') => {
    const pasted = spec.position.trim();
    // a pasted link of this board opens it; pasted lines (the export of all lines) go on the start shown
    const link = from === 'import' ? /#\/analysis\/.*$/.exec(pasted) : null;
    if (link) {
      location.hash = link[0];
      return;
    }
    const s = makeStart(mod.definition, mod.id, spec);
    const lines = !s.ok && from === 'import' && readLines ? readLines(pasted) : undefined;
    if (lines?.ok && lines.value.children.length > 0) {
      const main = movesTo(lines.value, lineEnd(lines.value, []));
      const failed = playLine(loaded.start.root, main).failed;
      if (failed) {
        setError({ at: from, refusal: moveRefusal(main, failed, startNumber) });
        return;
      }
      setError(undefined);
      change({ tree: lines.value, path: [] });
      return;
    }
    if (!s.ok) {
      // text that starts as the board's lines do (a move number, or the start's comment first) is refused as lines
      const asLines = lines && !lines.ok && /^(\{[^}]*\}\s*)?\d+\.\s/.test(pasted);
      setError({ at: from, refusal: asLines ? lines : startRefusal(mod.id, spec, s.error, mod.definition) });
      return;
    }
    setError(undefined);
    setHistory((h) => [...h, { place, loaded }]);
    setLoaded({ start: s.value, spec });
    const main = lineTree(s.value.moves);
    setPlace({ tree: main, path: lineEnd(main, []) });
  };

  const seatName = (s: number): string =>
    mod.seatNames(position.viewFor(shown), position.seatCount)[s] ?? t('game.seat', { n: s + 1 });
  const node = nodeAt(tree, path);
  const outcome = position.outcome();
  const status = outcome
    ? t('analysis.over', {
        result: (() => {
          const winners = outcome.results.flatMap((r, i) => (r === 'win' ? [seatName(i)] : []));
          const result = winners.length > 0 ? t('game.winner', { player: listOf(winners) }) : t('game.draw');
          return t('game.result', { result, reason: tOr(`game.reason.${outcome.reason}`, outcome.reason) });
        })(),
      })
    : t('analysis.toMove', { player: listOf(acting.map(seatName)) });
  let exportText = '';
  try {
    exportText = mod.definition.exportGame(position);
  } catch {
    exportText = '';
  }
  const link = `${location.origin}${location.pathname}${href}`;
  return (
    <div class={`game-layout game-${mod.id}`}>
      {/* the board's column holds the position editor too: its own board and palettes need more room than the panel */}
      <div class="analysis-main">
        <div class="board-area" ref={area}>
          <div ref={host} class="board-host" />
        </div>
        <details
          class="analysis-tools"
          data-testid="editor"
          onToggle={(e) => {
            const tools = e.currentTarget as HTMLDetailsElement;
            if (!tools.open) return;
            // under the board, the opened editor would start out of sight: it comes to the top of the window (once
            // its code is in, when the page has grown long enough to scroll there)
            const show = () => requestAnimationFrame(() => tools.scrollIntoView({ block: 'start' }));
            if (editor) return show();
            void import('../analysis/editor.js').then(async (m) => {
              // its words come with it, a chunk per language: it is drawn once they are in (or without them if they
              // cannot load, as every page is)
              await m.editorWordsReady.catch(() => undefined);
              readLines = m.parseMovetext;
              setEditor(() => m.PositionEditor);
              show();
            });
          }}
        >
          <summary>
            {t('analysis.editor.title')} · {t('analysis.import.title')}
          </summary>
          {editor ? (
            h(editor, {
              mod,
              spec: loaded.spec,
              positionText: editorPosition(mod.id, position),
              onApply: apply,
              ...(error && error.at !== 'page' ? { refused: { from: error.at, reason: refusedText(error) } } : {}),
            })
          ) : (
            <p aria-busy="true">…</p>
          )}
        </details>
      </div>
      <aside class="panel">
        <p class="status" data-testid="analysis-status">
          {status}
        </p>
        {loaded.known !== undefined && (
          <p class="muted" data-testid="analysis-known">
            {knower === undefined ? t('analysis.knownAll') : t('analysis.knownSeat', { player: seatName(knower) })}
          </p>
        )}
        {error && error.at === 'page' && refusalsIn && (
          <p class="error" role="alert" data-testid="analysis-error">
            {refusedText(error)}
          </p>
        )}
        {line.failed && refusalsIn && (
          <p class="error" data-testid="analysis-error">
            {refusedText({ at: 'editor', refusal: moveRefusal(moves, line.failed, startNumber) })}
          </p>
        )}
        <EnginePanel
          gameId={mod.id}
          game={position}
          positionKey={positionKey}
          seatName={seatName}
          onPlay={play}
          onLines={setSuggested}
        />
        <section aria-labelledby="analysis-moves" class="moves">
          <h2 id="analysis-moves">{t('analysis.moves')}</h2>
          <button
            type="button"
            class={`tree-move${path.length === 0 ? ' current' : ''}`}
            data-testid="tree-start"
            onClick={() => go([])}
          >
            {t('analysis.start')}
          </button>
          <TreeView tree={tree} current={path} firstPly={startNumber} onGo={go} label={knownLabel} />
          <div class="nav-buttons">
            <button type="button" aria-label={t('game.first')} title={t('game.first')} onClick={() => go([])}>
              «
            </button>
            <button
              type="button"
              aria-label={t('game.prev')}
              title={t('game.prev')}
              data-testid="nav-prev"
              onClick={() => go(back(path))}
            >
              ‹
            </button>
            <button
              type="button"
              aria-label={t('game.next')}
              title={t('game.next')}
              data-testid="nav-next"
              onClick={() => go(forward(tree, path))}
            >
              ›
            </button>
            <button
              type="button"
              aria-label={t('game.last')}
              title={t('game.last')}
              onClick={() => go(lineEnd(tree, path))}
            >
              »
            </button>
          </div>
          <p class="muted small">{t('analysis.keys')}</p>
          <div class="actions">
            <button
              type="button"
              data-testid="analysis-undo"
              disabled={history.length === 0}
              onClick={() => {
                const last = history.at(-1);
                if (!last) return;
                setHistory(history.slice(0, -1));
                setLoaded(last.loaded);
                setPlace(last.place);
              }}
            >
              {t('analysis.undo')}
            </button>
            <button
              type="button"
              data-testid="analysis-promote"
              disabled={path.every((i) => i === 0)}
              onClick={() => change(promote(tree, path))}
            >
              {t('analysis.promote')}
            </button>
            <button
              type="button"
              data-testid="analysis-main"
              disabled={path.every((i) => i === 0)}
              onClick={() => change(promoteToMain(tree, path))}
            >
              {t('analysis.mainLine')}
            </button>
            <button
              type="button"
              data-testid="analysis-delete"
              disabled={path.length === 0}
              onClick={() => change(deleteAt(tree, path))}
            >
              {t('analysis.delete')}
            </button>
            <button
              type="button"
              data-testid="analysis-flip"
              aria-label={t('analysis.flip')}
              title={t('analysis.flip')}
              aria-pressed={flipped}
              onClick={() => setFlipped(!flipped)}
            >
              ⇅
            </button>
          </div>
          <label for="analysis-comment">
            <span>{path.length === 0 ? t('analysis.commentStart') : t('analysis.comment')}</span>
            <textarea
              id="analysis-comment"
              data-testid="analysis-comment"
              rows={2}
              key={path.join('.')}
              value={node && 'comment' in node ? (node.comment ?? '') : ''}
              onChange={(e) => change(setComment(tree, path, (e.currentTarget as HTMLTextAreaElement).value))}
            />
          </label>
        </section>
        <ContinueFrom game={mod.id} position={position} options={analysisOptions(mod.id, loaded.spec.options)} />
        <section aria-labelledby="analysis-export" class="export">
          <h2 id="analysis-export">{t('analysis.export.title')}</h2>
          <label for="analysis-link">
            <span>{t('analysis.export.link')}</span>
            <input id="analysis-link" data-testid="analysis-link" readOnly value={link} />
          </label>
          <button
            type="button"
            data-testid="copy-link"
            onClick={() => void navigator.clipboard?.writeText(link).then(() => setCopied(true))}
          >
            {copied ? t('analysis.export.copied') : t('analysis.export.copyLink')}
          </button>
          <label for="analysis-record">
            <span>{t('analysis.export.record')}</span>
            <textarea id="analysis-record" data-testid="analysis-record" readOnly rows={3} value={exportText} />
          </label>
          <label for="analysis-tree-text">
            <span>{t('analysis.export.tree')}</span>
            <textarea
              id="analysis-tree-text"
              data-testid="analysis-tree-text"
              readOnly
              rows={3}
              value={movetext(tree, startNumber)}
            />
          </label>
        </section>
      </aside>
    </div>
  );
};
