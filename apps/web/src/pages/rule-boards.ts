import { type GameId, type Seat, SPECTATOR } from '@qiyuan/core';
import { type BoardController, loadGame } from '../games/types.js';
import { t } from '../i18n/index.js';
import { settings } from '../settings.js';

/**
 * The rules pages' live boards. A rule text marks where its examples go with a comment line
 * `<!-- boards: hive-queen hive-beetle -->`; the page draws each example with the game's own board and engine, the
 * example's piece chosen as a player's click would choose it, so the highlighted points are exactly where the rules
 * let it go. A move played on an example is played (the board is live); "Show again" puts the example back.
 */
export interface RuleExample {
  readonly game: GameId;
  /** The game's options as a create form would give them. */
  readonly options: Readonly<Record<string, string>>;
  /** Moves played from the start to reach the example's position, in the game's notation. */
  readonly moves: readonly string[];
  /** What is chosen: a point's name, a tile's name, or marbles' cells (see BoardController.show). */
  readonly show: string;
}

/** A Base+MLP game with every base bug of White's able to move (found by a seeded search, checked by the tests). */
const HIVE_BASE = String.raw`Base+MLP;InProgress;White[10];wA1;bG1 wA1\;wQ wA1/;bQ /bG1;wS1 wQ/;bS1 bG1\;wA2 -wS1;bA1 bG1-;wB1 wS1\;bB1 /bS1;wM -wQ;bA2 bA1\;wL wS1-;bG2 -bQ;wP -wM;bS2 /bG2;wG1 -wA2;bA3 \bG2`;
/** Every tile on its reverse side, each of White's further pieces able to move. */
const HIVE_FURTHER_TYPE = 'Base+MLP:R2T2F3W3DKC';
const HIVE_FURTHER = String.raw`Base+MLP:R2T2F3W3DKC;InProgress;White[10];wF1;bR1 /wF1;wQ wF1-;bQ bR1\;wT1 wQ-;bT1 -bR1;wF2 wF1/;bF1 bQ-;wW1 wT1\;bW1 \bT1;wD wF2-;bF2 bW1/;wK \wF2;bW2 bF1\;wC wT1-;bR2 -bQ;wR1 wK-;bF3 \bF2`;
/** 明棋 from the classic deployment, a few moves in: red's 7 on a7 has the open a-file railway, its engineer c7 the junctions. */
const JUNQI_MOVES = ['d4-c4', 'a9-b10', 'c4-b5', 'e11-d10', 'c3-c4', 'e8-d8', 'a6-a7', 'c7-c6', 'b6-c7', 'a8-b8'];
const ABALONE_SUMITO = 'C5C6 I6G4 C3C2 G6G7F6 B3D5 F6F7G6 C4C3 H5F5 B6D6 G6E4 B5C6B6 E4D4 C2C1 G5H5 A4C4 I5G3'.split(
  ' ',
);

const hive = (position: string, variant: string, show: string): RuleExample => ({
  game: 'hive',
  options: { variant, position },
  moves: [],
  show,
});

export const RULE_EXAMPLES: Readonly<Record<string, RuleExample>> = {
  'cc-step': { game: 'chinese-checkers', options: {}, moves: [], show: 'd2' },
  'cc-jump': { game: 'chinese-checkers', options: {}, moves: [], show: 'c2' },
  'hive-queen': hive(HIVE_BASE, 'Base+MLP', 'wQ'),
  'hive-beetle': hive(HIVE_BASE, 'Base+MLP', 'wB1'),
  'hive-grasshopper': hive(HIVE_BASE, 'Base+MLP', 'wG1'),
  'hive-spider': hive(HIVE_BASE, 'Base+MLP', 'wS1'),
  'hive-ant': hive(HIVE_BASE, 'Base+MLP', 'wA2'),
  'hive-mosquito': hive(HIVE_BASE, 'Base+MLP', 'wM'),
  'hive-ladybug': hive(HIVE_BASE, 'Base+MLP', 'wL'),
  'hive-pillbug': hive(HIVE_BASE, 'Base+MLP', 'wP'),
  'hive-scorpion': hive(HIVE_FURTHER, HIVE_FURTHER_TYPE, 'wR1'),
  'hive-mantis': hive(HIVE_FURTHER, HIVE_FURTHER_TYPE, 'wT1'),
  'hive-fly': hive(HIVE_FURTHER, HIVE_FURTHER_TYPE, 'wF2'),
  'hive-wasp': hive(HIVE_FURTHER, HIVE_FURTHER_TYPE, 'wW1'),
  'hive-cockroach': hive(HIVE_FURTHER, HIVE_FURTHER_TYPE, 'wK'),
  'hive-dragonfly': hive(HIVE_FURTHER, HIVE_FURTHER_TYPE, 'wD'),
  'hive-centipede': hive(HIVE_FURTHER, HIVE_FURTHER_TYPE, 'wC'),
  'junqi-railway': { game: 'junqi', options: { mode: 'open', setup: 'classic' }, moves: JUNQI_MOVES, show: 'a7' },
  'junqi-engineer': { game: 'junqi', options: { mode: 'open', setup: 'classic' }, moves: JUNQI_MOVES, show: 'c7' },
  'junqi-bomb': { game: 'junqi', options: { mode: 'open', setup: 'classic' }, moves: JUNQI_MOVES, show: 'e4' },
  'abalone-inline': { game: 'abalone', options: {}, moves: [], show: 'A1 B2 C3' },
  'abalone-broadside': { game: 'abalone', options: {}, moves: [], show: 'C3 C4 C5' },
  'abalone-sumito': { game: 'abalone', options: {}, moves: ABALONE_SUMITO, show: 'A1 B2 C3' },
};

const MARK = /^<!-- boards: ([\w -]+) -->$/gm;

/** Turns the example marks of a rule text into lines that survive the comment stripping and the renderer. */
export const markExamples = (md: string): string => md.replace(MARK, (_all, ids: string) => `@@boards ${ids.trim()}@@`);

const esc = (s: string): string =>
  s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** The rendered page with each marked line as a row of figures waiting for their boards (unknown names dropped). */
export const exampleSlots = (html: string): string =>
  html.replace(/<p>@@boards ([\w -]+)@@<\/p>/g, (_all, ids: string) => {
    const figures = ids
      .split(' ')
      .filter((id) => RULE_EXAMPLES[id])
      .map((id) => {
        const caption = esc(String(t(`ruleBoards.${id}`)));
        return `<figure class="rule-board" data-rule-board="${id}"><div class="rule-board-host"></div><figcaption>${caption}</figcaption></figure>`;
      });
    return figures.length ? `<div class="rule-boards">${figures.join('')}</div>` : '';
  });

const STYLE_ID = 'rule-boards-style';
const addStyle = (): void => {
  if (document.getElementById(STYLE_ID)) return;
  const style = document.createElement('style');
  style.id = STYLE_ID;
  style.textContent = `.rule-boards{display:flex;flex-wrap:wrap;gap:1rem;margin:1rem 0}
.rule-board{flex:1 1 15rem;max-width:22rem;margin:0;display:flex;flex-direction:column;gap:.4rem}
.rule-board-host{position:relative}
.rule-board-host svg.board{width:100%;height:auto;max-height:22rem}
.rule-board figcaption{font-size:.9rem}
.rule-board button{align-self:flex-start}
.rule-board button[hidden]{display:none}
.rule-board .jq-side,.rule-board .hv-tools{display:none}`;
  document.head.append(style);
};

/** Builds one example's game, or says why it cannot (a wrong example is a bug: the page shows no board for it). */
const exampleGame = async (example: RuleExample) => {
  const mod = await loadGame(example.game);
  const options = mod.definition.parseOptions(example.options);
  if (!options.ok) throw new Error(options.error.reason);
  const created = mod.definition.create(options.value);
  if (!created.ok) throw new Error(created.error.reason);
  const game = created.value;
  for (const text of example.moves) {
    const move = game.parseMove(text);
    if (!move.ok) throw new Error(move.error.reason);
    const played = game.play(move.value);
    if (!played.ok) throw new Error(played.error.reason);
  }
  return { mod, game };
};

/**
 * Draws every example figure inside `root` as it comes near the screen (a rule text opens on its words: the game's
 * board and engine are fetched once the reader reaches an example); returns what takes them down again.
 */
export const mountExamples = (root: HTMLElement): (() => void) => {
  const boards = new Map<HTMLElement, BoardController>();
  let gone = false;
  const starts = new Map<Element, () => Promise<void>>();
  const near =
    typeof IntersectionObserver === 'undefined'
      ? undefined
      : new IntersectionObserver(
          (entries) => {
            for (const e of entries) {
              if (!e.isIntersecting) continue;
              near?.unobserve(e.target);
              void starts.get(e.target)?.();
            }
          },
          { rootMargin: '50% 0px' },
        );
  const figures = [...root.querySelectorAll<HTMLElement>('figure[data-rule-board]')];
  if (figures.length) addStyle();
  for (const figure of figures) {
    const example = RULE_EXAMPLES[figure.dataset.ruleBoard ?? ''];
    const host = figure.querySelector<HTMLElement>('.rule-board-host');
    if (!example || !host) continue;
    const again = document.createElement('button');
    again.type = 'button';
    again.hidden = true;
    again.textContent = String(t('ruleBoards.again'));
    const start = async (): Promise<void> => {
      const { mod, game } = await exampleGame(example);
      if (gone) return;
      boards.get(figure)?.destroy();
      host.replaceChildren();
      delete figure.dataset.ready;
      const draw = (): void => {
        const turn = game.turn();
        const seat: Seat = turn.kind === 'seat' ? turn.seat : 0;
        const { pieces, coordinates } = settings.get();
        board.update({
          view: game.viewFor(turn.kind === 'seat' ? seat : SPECTATOR),
          viewer: seat,
          bottom: 0,
          turn,
          legal: game.legalMoves(seat).map((m) => game.moveToString(m)),
          lastMove: game.ply > 0 ? game.recordFor(seat, game.ply - 1) : undefined,
          outcome: game.outcome(),
          browsing: false,
          look: { pieces, coordinates },
        });
      };
      const board = mod.createBoard(host, {
        play: (notation) => {
          const move = game.parseMove(notation);
          if (move.ok && game.play(move.value).ok) draw();
          again.hidden = false;
        },
      });
      boards.set(figure, board);
      draw();
      // choosing a piece may focus it, which would scroll the page to this board
      const y = window.scrollY;
      board.show?.(example.show);
      if (document.activeElement instanceof HTMLElement && figure.contains(document.activeElement)) {
        document.activeElement.blur();
      }
      window.scrollTo(window.scrollX, y);
      again.hidden = true;
      figure.dataset.ready = 'true';
    };
    again.addEventListener('click', () => {
      delete figure.dataset.ready;
      void start();
    });
    figure.append(again);
    starts.set(figure, start);
    if (near) near.observe(figure);
    else void start();
  }
  return () => {
    gone = true;
    near?.disconnect();
    for (const b of boards.values()) b.destroy();
    boards.clear();
  };
};
