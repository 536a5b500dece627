/**
 * Junqi in the web app: the create form's fields, seat names, the move
 * list's words, and the controller that turns the engine's view for one
 * seat (plus its records and legal moves in notation) into the board's
 * scene and the panel beside it — and the player's intent back into moves.
 * The setup editor lives here too: it arranges a draft on the board and
 * plays it as one `setup` move once the engine's checks pass.
 */
import { actingSeats, type GameDefinition, type JsonValue, type PlayRecord, type Seat, type Turn } from '@qiyuan/core';
import {
  type Board,
  boardFor,
  junqi,
  PRESET_NAMES,
  type PresetName,
  parseSetup,
  RANK_LETTERS,
  rankFromLetter,
  STANDARD_ARMY,
} from '@qiyuan/junqi';
import { h, render } from 'preact';
import { type JqBoardText, type JqScene, type JqTile, JunqiBoard } from '../board/junqi.js';
import {
  type Chip,
  type EditorModel,
  JunqiPanel,
  type PanelActions,
  type PanelModel,
  type SeatRow,
} from '../board/junqi-panel.js';
import { parseFlipPoint, parseMovePoints, type ReportEvent, readRecords } from '../board/junqi-report.js';
import {
  deleteSaved,
  initialDraft,
  listSaved,
  rememberLast,
  type SetupDraft,
  saveSetup,
} from '../board/junqi-setup.js';
import { i18n, listOf, t } from '../i18n/index.js';
import { junqiEn, junqiZhCN, junqiZhTW } from '../i18n/junqi.js';
import type { BoardController, BoardHost, BoardInput, GameModule, OptionField } from './types.js';

// Deep merge into the catalogue, so this game's words load with its chunk.
for (const [lng, res] of [
  ['en', junqiEn],
  ['zh-CN', junqiZhCN],
  ['zh-TW', junqiZhTW],
] as const)
  i18n.addResourceBundle(lng, 'translation', res, true, false);

/** Teams, 三打一 and partners' sight are four-player matters; the two- and three-player forms leave them out. */
const fourPlayers = (v: Readonly<Record<string, string>>): boolean => v.players === '4';

const fields: readonly OptionField[] = [
  { kind: 'select', key: 'players', label: 'options.players', values: ['2', '3', '4'], initial: '2' },
  { kind: 'select', key: 'mode', label: 'options.mode', values: ['open', 'hidden', 'flip'], initial: 'hidden' },
  {
    kind: 'select',
    key: 'teams',
    label: 'options.teams',
    values: ['pairs', 'ffa'],
    initial: 'pairs',
    applies: (v) => fourPlayers(v) && v.variant !== 'landlord',
  },
  {
    kind: 'select',
    key: 'variant',
    label: 'options.variant',
    values: ['standard', 'landlord'],
    initial: 'standard',
    applies: fourPlayers,
  },
  {
    kind: 'select',
    key: 'bidding',
    label: 'options.bidding',
    values: ['points', 'landlord'],
    initial: 'points',
    applies: (v) => fourPlayers(v) && v.variant === 'landlord',
  },
  // a select rather than a toggle: its values are the engine's own, so an online seek sends them as they are
  {
    kind: 'select',
    key: 'partnersSee',
    label: 'junqiUi.partnersSee',
    values: ['false', 'true'],
    initial: 'false',
    applies: (v) => fourPlayers(v) && v.mode !== 'open' && (v.variant === 'landlord' || v.teams !== 'ffa'),
  },
  // the limits that end a game drawn grow with the players: the form shows the engine's value for its choices
  {
    kind: 'number',
    key: 'noCaptureLimit',
    label: 'options.noCaptureLimit',
    help: 'optionHelp.junqi.noCaptureLimit',
    min: 0,
    max: 100_000,
    initial: 'engine',
  },
  {
    kind: 'number',
    key: 'moveLimit',
    label: 'options.moveLimit',
    help: 'optionHelp.junqi.moveLimit',
    min: 0,
    max: 1_000_000,
    initial: 'engine',
  },
  {
    kind: 'number',
    key: 'chaseLimit',
    label: 'options.chaseLimit',
    help: 'optionHelp.junqi.chaseLimit',
    min: 0,
    max: 100,
    initial: 5,
  },
  {
    kind: 'number',
    key: 'timeoutLimit',
    label: 'options.timeoutLimit',
    help: 'optionHelp.junqi.timeoutLimit',
    min: 0,
    max: 100,
    initial: 5,
  },
  {
    kind: 'select',
    key: 'drawOffers',
    label: 'options.drawOffers',
    help: 'optionHelp.junqi.drawOffers',
    values: ['true', 'false'],
    initial: 'true',
  },
];

/**
 * The form offers every field at once; options that do not apply to the
 * chosen players are dropped (teams for two, pairs for three, bidding outside
 * 三打一), so any choice of the form makes a game.
 */
const normalise = (raw: Readonly<Record<string, unknown>>): Record<string, unknown> => {
  const o: Record<string, unknown> = { ...raw };
  const players = String(o.players ?? '2');
  // only a players field the form shows is corrected: left out, the options must still say four players, since the
  // server parses them with the bare engine (the online form sends only what differs from the engine's defaults)
  if (o.variant === 'landlord' && o.players !== undefined) o.players = '4';
  if (players === '2' && o.variant !== 'landlord') delete o.teams;
  if (players === '3') o.teams = 'ffa';
  if (o.variant !== 'landlord') delete o.bidding;
  if (o.variant === 'landlord' && o.mode === 'flip') o.mode = 'hidden';
  return o;
};

const definition: GameDefinition = {
  ...(junqi as unknown as GameDefinition),
  parseOptions: (raw) => (junqi as unknown as GameDefinition).parseOptions(normalise(raw)),
};

// ---- the view as the engine writes it ------------------------------------------

interface ViewPiece {
  id: number;
  point: number;
  army: number | null;
  rank: string | null;
  faceDown?: boolean;
}

interface View {
  players: 2 | 3 | 4;
  mode: string;
  variant: string;
  teams: string;
  phase: 'bidding' | 'setup' | 'play';
  ply: number;
  turn: Turn;
  bidding?: string;
  bids?: { seat: number; call: string }[];
  landlord?: number;
  target?: number;
  hand?: string;
  deployed?: boolean[];
  mySetup?: string;
  armyOfSeat?: number[];
  out?: boolean[];
  dead?: { id: number; army: number; rank: string | null }[];
  pieces?: ViewPiece[];
}

const COLOURS2 = ['#c62828', '#1f4e9c'] as const;
const COLOURS4 = ['#c62828', '#9a6a00', '#2e7d32', '#1f4e9c'] as const;

export const coloursFor = (players: number): readonly string[] => (players === 2 ? COLOURS2 : COLOURS4);

export const armyName = (players: number, army: number): string =>
  String(t(`junqi.${players === 2 ? 'colour2' : 'colour4'}.${army}`));

const armyOf = (v: View, seat: number): number => v.armyOfSeat?.[seat] ?? (v.mode === 'flip' ? -1 : seat);

/** A seat's colour (or, in 翻棋 before the first flip, first or second player). */
const seatBase = (v: View, seat: number): string => {
  const army = armyOf(v, seat);
  return army < 0 ? String(t(seat === 0 ? 'junqi.first' : 'junqi.second')) : armyName(v.players, army);
};

const seatName = (v: View, seat: number): string => {
  const base = seatBase(v, seat);
  if (v.variant === 'landlord' && (v.landlord ?? -1) >= 0) {
    return String(
      t('junqiUi.withRole', { name: base, role: t(seat === v.landlord ? 'junqi.landlord' : 'junqi.farmer') }),
    );
  }
  return base;
};

export const rankName = (letter: string): string => String(t(`junqi.rank.${letter}`));
export const tileText = (letter: string): string => String(t(`junqi.tile.${letter}`));

const countsFromText = (text: string): number[] => {
  const c = new Array<number>(RANK_LETTERS.length).fill(0);
  for (const ch of text) {
    const r = rankFromLetter(ch);
    if (r !== undefined) c[r]!++;
  }
  return c;
};

const chipsOf = (counts: readonly number[]): Chip[] =>
  counts.flatMap((n, r) =>
    n > 0
      ? [
          {
            rank: RANK_LETTERS[r]!,
            n,
            label: String(t('junqiUi.setup.reserveItem', { rank: rankName(RANK_LETTERS[r]!), n })),
          },
        ]
      : [],
  );

const turnSeats = (turn: Turn): number[] => [...actingSeats(turn)];

// ---- words ---------------------------------------------------------------------

export const boardText = (): JqBoardText => ({
  target: String(t('junqiUi.state.target')),
  attack: String(t('junqiUi.state.attack')),
  swap: String(t('junqiUi.state.swap')),
  selected: String(t('junqiUi.state.selected')),
  actionable: String(t('junqiUi.state.flip')),
  problem: String(t('junqiUi.state.problem')),
  lastMove: String(t('junqiUi.state.last')),
  selectedSay: (label, n) => String(t('junqiUi.selectedSay', { label, n })),
  arrangeSay: (label) => String(t('junqiUi.arrangeSay', { label })),
  withStates: (label, states) =>
    String(t('junqiUi.withStates', { label, states: states.join(String(t('junqiUi.stateSep'))) })),
  cleared: String(t('junqiUi.cleared')),
  zoomIn: String(t('junqiUi.zoomIn')),
  zoomOut: String(t('junqiUi.zoomOut')),
  fit: String(t('junqiUi.fit')),
});

const panelWords = (): Record<string, string> => {
  const w = (k: string) => String(t(k));
  return {
    players: w('junqiUi.players'),
    you: w('junqiUi.you'),
    setupTitle: w('junqiUi.setup.title'),
    presets: w('junqiUi.setup.presets'),
    presetNoFit: w('junqiUi.setup.presetNoFit'),
    random: w('junqiUi.setup.random'),
    saved: w('junqiUi.setup.saved'),
    noSaved: w('junqiUi.setup.noSaved'),
    load: w('junqiUi.setup.load'),
    delete: w('junqiUi.setup.delete'),
    name: w('junqiUi.setup.name'),
    namePlaceholder: w('junqiUi.setup.namePlaceholder'),
    save: w('junqiUi.setup.save'),
    problems: w('junqiUi.setup.problems'),
    ok: w('junqiUi.setup.ok'),
    confirm: w('junqiUi.setup.confirm'),
    reserve: w('junqiUi.setup.reserve'),
    reserveHint: w('junqiUi.setup.reserveHint'),
    reserveEmpty: w('junqiUi.setup.reserveEmpty'),
    biddingTitle: w('junqiUi.bidding.title'),
    hand: w('junqiUi.bidding.hand'),
    calls: w('junqiUi.bidding.calls'),
    noCalls: w('junqiUi.bidding.noCalls'),
    yourTurn: w('junqiUi.bidding.yourTurn'),
    redeal: w('junqiUi.bidding.redeal'),
    combatTitle: w('junqiUi.combat.title'),
    combatLog: w('junqiUi.combat.log'),
    noCombat: w('junqiUi.combat.none'),
    tallyTitle: w('junqiUi.tally.title'),
  };
};

/** A piece as a seat may name it: its army and rank, or its army and "hidden piece". */
const pieceWords = (players: number, army: number | null, rank: string | null): string => {
  const a = army === null ? String(t('junqiUi.combat.unknownArmy')) : armyName(players, army);
  return rank === null
    ? String(t('junqiUi.hiddenPiece', { army: a }))
    : String(t('junqiUi.piece', { army: a, rank: rankName(rank) }));
};

const outReason = (reason: string): string =>
  i18n.exists(`junqiUi.reasonOut.${reason}`)
    ? String(t(`junqiUi.reasonOut.${reason}`))
    : String(t('game.reason.other'));

/** One line of the combat report for this seat. */
const eventText = (board: Board, v: View, e: ReportEvent, seatOf: (s: number) => string): string | undefined => {
  const name = (p: number) => board.points[p]?.name ?? '?';
  switch (e.kind) {
    case 'combat': {
      const a = pieceWords(v.players, e.attackerArmy, e.attackerRank);
      const d = pieceWords(v.players, e.defenderArmy, e.defenderRank);
      const where = String(t('junqiUi.combat.where', { from: name(e.from), to: name(e.to) }));
      const what =
        e.defenderRank === 'F'
          ? t('junqiUi.combat.flag', {
              a,
              army: e.defenderArmy === null ? t('junqiUi.combat.unknownArmy') : armyName(v.players, e.defenderArmy),
            })
          : t(`junqiUi.combat.${e.result}`, { a, d });
      return `${where} ${String(what)}`;
    }
    case 'flag-shown':
      return String(t('junqiUi.combat.flagShown', { army: armyName(v.players, e.army), point: name(e.point) }));
    case 'out':
      return String(t('junqiUi.combat.out', { army: seatOf(e.seat), reason: outReason(e.reason) }));
    case 'flip':
      return String(
        t('junqiUi.combat.flipped', {
          player: seatOf(e.seat),
          piece: pieceWords(v.players, e.army, e.rank),
          point: name(e.at),
        }),
      );
    case 'colours':
      return e.colours
        .map((army, seat) =>
          String(
            t('junqiUi.combat.colours', {
              player: t(seat === 0 ? 'junqi.first' : 'junqi.second'),
              army: armyName(2, army),
            }),
          ),
        )
        .join(' ');
  }
};

// ---- the controller ------------------------------------------------------------

const PANEL_STYLE = `
.game-junqi .board-host{max-width:none}
.jq-root{display:flex;flex-wrap:wrap;gap:.8rem;align-items:flex-start}
.jq-root>.jq-wrap{flex:0 1 auto;width:min(100%,calc((100vh - 7.5rem) * var(--jq-aspect,1)));min-width:min(100%,300px);margin:0 auto}
.jq-side{flex:1 1 15rem;min-width:min(100%,15rem)}
.jq-root{container-type:inline-size}
@container (min-width:52rem){.jq-root>.jq-wrap{width:min(calc(100cqw - 15.8rem),calc((100vh - 7.5rem) * var(--jq-aspect,1)))}}
.jq-panel{display:grid;gap:.5rem}
.jq-panel h2{font-size:1rem;margin:.2rem 0 .3rem}
.jq-panel h3{font-size:.9rem;margin:.4rem 0 .2rem}
.jq-sec{background:var(--panel);border:1px solid var(--line);border-radius:8px;padding:.5rem .7rem}
.jq-banner{margin:0;font-weight:600}
.jq-seats,.jq-tally-list,.jq-calls{list-style:none;margin:0;padding:0;display:grid;gap:.2rem}
.jq-tally-list li{display:flex;flex-wrap:wrap;align-items:center;gap:.35rem}
.jq-seats li{display:flex;flex-wrap:wrap;align-items:center;gap:.35rem;padding:.15rem .3rem;border-radius:6px}
.jq-seats li.active{background:var(--sel);font-weight:600}
.jq-seats li.out .jq-name{text-decoration:line-through;opacity:.6}
.jq-swatch{display:inline-block;width:.9rem;height:.9rem;border-radius:3px;flex:none}
.jq-tag,.jq-note{font-size:.8em;border:1px solid var(--line);border-radius:999px;padding:0 .45rem;color:var(--muted)}
.jq-row{display:flex;flex-wrap:wrap;gap:.35rem;align-items:center;margin:.3rem 0}
.jq-row input,.jq-row select{flex:1 1 7rem;min-width:0}
.jq-label{font-weight:600;margin:.2rem 0}
.jq-chips{list-style:none;display:flex;flex-wrap:wrap;gap:.3rem;margin:.2rem 0;padding:0}
.jq-chips li.jq-chip,.jq-chips .jq-chip{border:1px solid var(--line);border-radius:6px;padding:.1rem .45rem;background:#fdf7e7;touch-action:none}
.jq-chips button.jq-chip[aria-pressed="true"]{border:2px solid #1a73e8;background:#e3eefc}
.jq-problems ul{margin:.2rem 0;padding-left:1.2rem;color:#b3261e}
.jq-ok{color:#2e7d32;margin:.3rem 0}
.jq-message{min-height:1.2em;margin:.2rem 0;color:var(--muted)}
.jq-log{margin:0;padding-left:0;list-style:none;max-height:12rem;overflow:auto;font-size:.92em}
.jq-last{font-weight:600;margin:.2rem 0}
.game-junqi .moves .who{margin-right:.35em}
.jq-tray-ghost{position:fixed;pointer-events:none;z-index:50;padding:.2rem .5rem;border-radius:6px;background:#fdf7e7;border:2px solid #1a73e8;font-weight:700}
`;

let panelStyled = false;
const addPanelStyle = (): void => {
  if (panelStyled) return;
  panelStyled = true;
  const s = document.createElement('style');
  s.dataset.panel = 'junqi';
  s.textContent = PANEL_STYLE;
  document.head.append(s);
};

/**
 * Drafts being edited, by seat and pieces: the page rebuilds the board on a
 * language switch, and an arrangement in progress must survive that.
 */
const drafts = new Map<string, SetupDraft>();

interface Editing {
  readonly key: string;
  readonly seat: number;
  readonly draft: SetupDraft;
}

class JunqiController implements BoardController {
  #host: BoardHost;
  #root: HTMLDivElement;
  #side: HTMLDivElement;
  #board: JunqiBoard;
  #input: BoardInput | undefined;
  #lang = i18n.language;
  #editing: Editing | undefined;
  #message: string | undefined;
  #tray: string | undefined;
  #savedChoice = '';
  #moves = new Map<string, string>();
  #flips = new Map<number, string>();
  #shown = '';
  #trayDrag: { rank: string; pointer: number; x: number; y: number; ghost?: HTMLElement } | undefined;

  constructor(el: HTMLElement, host: BoardHost) {
    addPanelStyle();
    this.#host = host;
    this.#root = document.createElement('div');
    this.#root.className = 'jq-root';
    el.append(this.#root);
    this.#board = new JunqiBoard(this.#root, boardText(), {
      move: (from, to) => this.#onMove(from, to),
      activate: (point) => this.#onActivate(point),
      dropOutside: (from, x, y) => this.#onDropOutside(from, x, y),
    });
    this.#side = document.createElement('div');
    this.#side.className = 'jq-side';
    this.#root.append(this.#side);
    this.#side.addEventListener('pointerdown', this.#onTrayDown);
    i18n.on('languageChanged', this.#relabel);
  }

  // The page may not redraw the board when the language changes; the board's own words must follow anyway.
  #relabel = (): void => {
    this.#lang = i18n.language;
    this.#board.setText(boardText());
    this.#draw(false);
  };

  update(input: BoardInput): void {
    if (i18n.language !== this.#lang) {
      this.#lang = i18n.language;
      this.#board.setText(boardText());
    }
    const v = input.view as unknown as View;
    // animate only a step forward in the same game, as the same viewer
    const shown = `${String(input.viewer)}:${v.phase}`;
    const step =
      this.#input !== undefined && this.#shown === shown && (this.#input.view as unknown as View).ply + 1 === v.ply;
    this.#shown = shown;
    this.#input = input;
    this.#draw(step && !input.concealed);
  }

  show(at: string): void {
    const players = Number((this.#input?.view as { players?: number } | undefined)?.players ?? 2);
    const point = boardFor(players).points.find((p) => p.name === at);
    if (point) this.#board.activate(point.id);
  }

  destroy(): void {
    i18n.off('languageChanged', this.#relabel);
    render(null, this.#side);
    this.#board.destroy();
    this.#root.remove();
  }

  #seat(): number {
    const v = this.#input?.viewer;
    return typeof v === 'number' ? v : -1;
  }

  /** The editor's draft for the seat deploying now, made (or kept) for its pieces. */
  #editorFor(v: View, input: BoardInput): Editing | undefined {
    const seat = this.#seat();
    const acting =
      v.phase === 'setup' &&
      seat >= 0 &&
      !input.browsing &&
      !input.concealed &&
      !input.outcome &&
      input.legal.some((m) => m.startsWith('setup'));
    if (!acting) {
      if (v.phase !== 'setup' || (seat >= 0 && v.deployed?.[seat])) this.#editing = undefined;
      return undefined;
    }
    const pick = v.variant === 'landlord' && v.landlord === seat;
    const holding = v.variant === 'landlord' && v.hand ? countsFromText(v.hand) : [...STANDARD_ARMY];
    const key = `${seat}:${holding.join('.')}:${pick}`;
    if (this.#editing?.key !== key) {
      let draft = drafts.get(key);
      if (!draft) {
        draft = initialDraft(holding, pick, seat);
        drafts.set(key, draft);
      }
      this.#editing = { key, seat, draft };
      this.#message = undefined;
      this.#tray = undefined;
    }
    return this.#editing;
  }

  #draw(animate: boolean): void {
    const input = this.#input;
    if (!input) return;
    const v = input.view as unknown as View;
    const players = Number(v.players ?? 2);
    const board = boardFor(players);
    const seat = this.#seat();
    const colours = coloursFor(players);
    const editing = this.#editorFor(v, input);
    const own = seat >= 0 ? armyOf(v, seat) : -1;
    const bottomArmy = seat < 0 ? 0 : v.mode === 'flip' ? seat : own >= 0 ? own : seat;
    // the letters piece style writes ranks as the setup notation does (9 司令 … 1 工兵, B, M, F)
    const face = (letter: string): string => (input.look.pieces === 'letters' ? letter : tileText(letter));
    this.#root.style.setProperty('--jq-aspect', players === 2 ? String(352 / 664) : '1');

    // tiles: the editor's draft, the seat's confirmed deployment, or the engine's pieces
    const tiles: JqTile[] = [];
    const tileAt = new Map<number, JqTile>();
    const add = (tile: JqTile) => {
      tiles.push(tile);
      tileAt.set(tile.point, tile);
    };
    const slotPoint = (army: number, slot: number) => board.at(army, Math.floor(slot / 5) + 1, slot % 5);
    if (editing) {
      editing.draft.slots.forEach((rank, slot) => {
        if (rank < 0) return;
        const letter = RANK_LETTERS[rank]!;
        add({
          key: `d${editing.draft.keyAt(slot)}`,
          point: slotPoint(seat, slot),
          army: seat,
          text: face(letter),
          rank: letter,
        });
      });
    } else if (v.phase === 'setup' && v.mySetup && !input.concealed && seat >= 0) {
      const s = parseSetup(v.mySetup);
      if (s.ok) {
        s.value.forEach((rank, slot) => {
          if (rank < 0) return;
          const letter = RANK_LETTERS[rank]!;
          add({ key: `m${slot}`, point: slotPoint(seat, slot), army: seat, text: face(letter), rank: letter });
        });
      }
    } else {
      for (const p of v.pieces ?? []) {
        const known = !input.concealed && p.rank !== null;
        add({
          key: `p${p.id}`,
          point: p.point,
          army: p.faceDown ? null : p.army,
          text: known ? face(p.rank!) : null,
          rank: known ? p.rank : null,
        });
      }
    }

    // what the viewer may do: moves and flips from the engine, or the editor's swaps
    const sources = new Map<number, number[]>();
    const actionable = new Set<number>();
    this.#moves.clear();
    this.#flips.clear();
    const problems = new Set<number>();
    if (editing) {
      const ownPoints = board.points.filter((p) => p.army === seat).map((p) => p.id);
      for (const tile of tiles)
        sources.set(
          tile.point,
          ownPoints.filter((p) => p !== tile.point),
        );
      if (this.#tray !== undefined) for (const p of ownPoints) actionable.add(p);
      for (const pr of editing.draft.problems()) if (pr.slot !== undefined) problems.add(slotPoint(seat, pr.slot));
    } else if (!input.browsing && !input.concealed && !input.outcome) {
      for (const m of input.legal) {
        const mv = parseMovePoints(board, m);
        if (mv) {
          this.#moves.set(`${mv.from}>${mv.to}`, m);
          sources.set(mv.from, [...(sources.get(mv.from) ?? []), mv.to]);
          continue;
        }
        const at = parseFlipPoint(board, m);
        if (at !== undefined) {
          this.#flips.set(at, m);
          actionable.add(at);
        }
      }
    }

    // the last move and its combat
    const last = input.lastMove;
    const lastMove = last && !input.concealed ? parseMovePoints(board, last.notation) : undefined;
    const lastDetail = (last?.detail ?? {}) as { combat?: 'attacker' | 'defender' | 'both' };
    const flipped = last && !input.concealed ? parseFlipPoint(board, last.notation) : undefined;

    // armies: whose turn, who is out, captions
    const active =
      v.mode === 'flip' || input.outcome
        ? []
        : turnSeats(input.turn)
            .map((s) => armyOf(v, s))
            .filter((a) => a >= 0);
    const out: number[] = [];
    (v.out ?? []).forEach((o, s) => {
      if (o && armyOf(v, s) >= 0) out.push(armyOf(v, s));
    });
    if (players === 3) out.push(3);
    const captions: (string | undefined)[] = [];
    for (let army = 0; army < board.armies; army++) {
      const s = army;
      if (players === 3 && army === 3) continue;
      if (out.includes(army)) captions[army] = String(t('junqiUi.caption.out'));
      else if (v.phase === 'setup' && !(editing && s === seat) && !(s === seat && v.mySetup && !input.concealed)) {
        captions[army] = String(t(v.deployed?.[s] ? 'junqiUi.caption.deployed' : 'junqiUi.caption.deploying'));
      } else if (v.phase === 'bidding' && turnSeats(input.turn).includes(s)) {
        captions[army] = String(t('junqiUi.caption.bidding'));
      }
    }

    // screen-reader labels
    const labels = board.points.map((p) => {
      const kind = String(t(`junqi.point.${p.army === null ? 'centre' : p.kind}`));
      const tile = tileAt.get(p.id);
      if (!tile) return String(t('junqiUi.pointWith', { name: p.name, kind, piece: t('junqiUi.empty') }));
      const piece = tile.army === null ? String(t('junqi.faceDown')) : pieceWords(players, tile.army, tile.rank);
      return String(t('junqiUi.pointWith', { name: p.name, kind, piece }));
    });

    const scene: JqScene = {
      board,
      bottomArmy,
      colours,
      areas: v.mode !== 'flip',
      tiles,
      labels,
      sources,
      actionable,
      actionLabel: String(t(editing ? 'junqiUi.state.place' : 'junqiUi.state.flip')),
      arrange: editing !== undefined,
      last: lastMove ? { ...lastMove, ...(lastDetail.combat ? { combat: lastDetail.combat } : {}) } : undefined,
      flipped,
      problems,
      active,
      out,
      captions,
      label: String(t('junqiUi.board')),
      animate,
      flat: input.look.pieces === 'flat',
      coordinates: input.look.coordinates,
    };
    this.#board.update(scene);
    this.#drawPanel(v, input, board, editing);
  }

  #drawPanel(v: View, input: BoardInput, board: Board, editing: Editing | undefined): void {
    const seat = this.#seat();
    const players = Number(v.players ?? 2);
    const colours = coloursFor(players);
    const seatCount = players;
    const acting = turnSeats(input.turn);
    const seats: SeatRow[] = Array.from({ length: seatCount }, (_, s) => {
      const notes: string[] = [];
      const outNow = v.out?.[s] === true;
      if (v.teams === 'pairs' && players === 4 && v.variant !== 'landlord')
        notes.push(String(t('junqiUi.team', { n: (s % 2) + 1 })));
      if (outNow) notes.push(String(t('junqiUi.out')));
      else if (v.phase === 'setup')
        notes.push(String(t(v.deployed?.[s] ? 'junqiUi.deployedShort' : 'junqiUi.deployingShort')));
      else if (acting.includes(s) && !input.outcome) notes.push(String(t('junqiUi.toMove')));
      const army = armyOf(v, s);
      return {
        seat: s,
        name: seatName(v, s),
        colour: army >= 0 ? (colours[army] ?? '#888') : '#5f7467',
        notes,
        you: s === seat,
        active: acting.includes(s) && !outNow && !input.outcome,
        out: outNow,
      };
    });
    const own = seat >= 0 ? armyOf(v, seat) : -1;
    let banner: string | undefined;
    if (seat < 0) banner = String(t('junqiUi.spectating'));
    else if (v.mode === 'flip' && own < 0) banner = String(t('junqiUi.coloursUndecided'));
    else if (own >= 0 && !input.concealed) banner = String(t('junqiUi.youCommand', { army: seatName(v, seat) }));

    const landlord =
      v.variant === 'landlord' && (v.landlord ?? -1) >= 0
        ? `${String(t('junqiUi.bidding.result', { player: seatBase(v, v.landlord!), n: v.target ?? 0 }))}${v.phase === 'setup' && v.landlord === seat ? ` ${String(t('junqiUi.bidding.extra'))}` : ''}`
        : undefined;

    let bidding: PanelModel['bidding'];
    if (v.phase === 'bidding' && !input.concealed) {
      const records = input.records ?? [];
      const calls = (v.bids ?? []).map((b) =>
        String(t('game.labelled', { label: seatName(v, b.seat), value: t(`junqi.call.${b.call}`) })),
      );
      bidding = {
        hint: String(t(v.bidding === 'landlord' ? 'junqiUi.bidding.hintLandlord' : 'junqiUi.bidding.hint')),
        hand: seat >= 0 && v.hand ? chipsOf(countsFromText(v.hand)) : [],
        calls,
        turn: acting[0] !== undefined ? String(t('junqiUi.bidding.turn', { player: seatName(v, acting[0]) })) : '',
        redeal: (v.bids ?? []).length === 0 && records.some((r) => r.notation.startsWith('bid')),
        options:
          input.browsing || input.concealed
            ? []
            : input.legal
                .filter((m) => m.startsWith('bid'))
                .map((m) => ({ notation: m, label: String(t(`junqi.call.${m.replace(/^bid\s+/, '')}`)) })),
      };
    }

    let editor: EditorModel | undefined;
    if (editing) {
      const d = editing.draft;
      const saved = listSaved().map((s) => s.name);
      if (!saved.includes(this.#savedChoice)) this.#savedChoice = saved[0] ?? '';
      const presets = d.presets();
      editor = {
        hint: String(t(d.pick ? 'junqiUi.setup.hintPick' : 'junqiUi.setup.hint')),
        rules: String(t('junqiUi.setup.rules')),
        presets: PRESET_NAMES.map((name) => ({
          name,
          label: String(t(`junqiUi.setup.preset.${name}`)),
          fits: presets.includes(name),
        })),
        saved,
        savedChoice: this.#savedChoice,
        problems: d.problems().map((p) => {
          const point =
            p.slot !== undefined
              ? (board.points[board.at(seat, Math.floor(p.slot / 5) + 1, p.slot % 5)]?.name ?? '')
              : '';
          const rank = p.rank !== undefined ? rankName(RANK_LETTERS[p.rank]!) : '';
          if (p.code === 'setup-pieces') {
            if (p.flag) return String(t('junqiUi.problem.flag'));
            if (p.missing !== undefined)
              return String(
                t(p.missing > 0 ? 'junqiUi.problem.more' : 'junqiUi.problem.fewer', { n: Math.abs(p.missing) }),
              );
            return String(t('junqiUi.problem.pieces'));
          }
          return i18n.exists(`junqiUi.problem.${p.code}`)
            ? String(t(`junqiUi.problem.${p.code}`, { point, rank }))
            : String(t('junqiUi.problem.other', { code: p.code }));
        }),
        valid: d.valid(),
        message: this.#message,
        reserve: d.pick ? chipsOf(d.reserve()) : undefined,
        traySelected: this.#tray,
      };
    }

    let waiting: string | undefined;
    if (v.phase === 'setup' && !editing && !input.concealed) {
      const pending = (v.deployed ?? []).flatMap((done, s) => (done ? [] : [seatName(v, s)]));
      if (pending.length > 0) waiting = String(t('junqiUi.setup.waiting', { players: listOf(pending) }));
    }

    let combat: PanelModel['combat'];
    let tally: { colour: string; title: string; items: string[] }[] | undefined;
    if (v.phase === 'play' && !input.concealed) {
      const { events } = readRecords(board, input.records ?? [], { players, mode: v.mode });
      const lines = events
        .map((e) => ({ e, text: eventText(board, v, e, (s) => seatName(v, s)) }))
        .filter((x): x is { e: ReportEvent; text: string } => x.text !== undefined);
      // what happened since this seat last moved (its own combat included): at one screen it saw none of it
      const records = input.records ?? [];
      let since = records.length - 1;
      for (let i = records.length - 1; i >= 0; i--) {
        if (records[i]!.seat === seat && parseMovePoints(board, records[i]!.notation)) {
          since = i;
          break;
        }
      }
      const latest = lines.filter((x) => x.e.ply >= since).map((x) => x.text);
      combat = {
        last: latest.length > 0 ? latest.join(' ') : lines[lines.length - 1]?.text,
        log: lines
          .slice(-10)
          .reverse()
          .map((x) => `${x.e.ply + 1}. ${x.text}`),
      };
      if (v.mode !== 'flip' || (v.dead ?? []).length > 0) {
        tally = [];
        for (let army = 0; army < board.armies; army++) {
          if (players === 3 && army === 3) continue;
          const dead = (v.dead ?? []).filter((d) => d.army === army);
          const known = new Map<string, number>();
          let unknown = 0;
          for (const d of dead) {
            if (d.rank === null) unknown++;
            else known.set(d.rank, (known.get(d.rank) ?? 0) + 1);
          }
          const items = [...RANK_LETTERS]
            .filter((l) => known.has(l))
            .reverse()
            .map((l) => `${rankName(l)}${known.get(l)! > 1 ? ` ×${known.get(l)}` : ''}`);
          if (unknown > 0) items.push(String(t('junqiUi.tally.unknown', { n: unknown })));
          tally.push({
            colour: colours[army] ?? '#888',
            title: String(t('junqiUi.tally.count', { army: armyName(players, army), n: dead.length })),
            items: items.length > 0 ? items : [String(t('junqiUi.tally.none'))],
          });
        }
      }
    }

    const model: PanelModel = {
      banner,
      seats,
      landlord,
      bidding,
      editor,
      waiting,
      combat,
      tally,
      words: panelWords(),
    };
    render(h(JunqiPanel, { m: model, act: this.#actions }), this.#side);
  }

  // ---- intent ---------------------------------------------------------------

  #say(message: string): void {
    this.#message = message;
  }

  #pointName(p: number): string {
    const v = this.#input?.view as unknown as View | undefined;
    return boardFor(Number(v?.players ?? 2)).points[p]?.name ?? String(p);
  }

  #slotOf(point: number): number {
    const v = this.#input?.view as unknown as View | undefined;
    const p = boardFor(Number(v?.players ?? 2)).points[point];
    return p && p.army === this.#editing?.seat ? (p.row - 1) * 5 + p.col : -1;
  }

  #onMove(from: number, to: number): void {
    const e = this.#editing;
    if (e) {
      const a = this.#slotOf(from);
      const b = this.#slotOf(to);
      if (a < 0 || b < 0) return;
      const empty = e.draft.slots[b]! < 0;
      e.draft.swap(a, b);
      this.#tray = undefined;
      this.#say(
        String(
          t(empty ? 'junqiUi.setup.moved' : 'junqiUi.setup.swapped', {
            a: this.#pointName(from),
            b: this.#pointName(to),
          }),
        ),
      );
      this.#draw(true);
      return;
    }
    const m = this.#moves.get(`${from}>${to}`);
    if (m) this.#host.play(m);
  }

  #onActivate(point: number): boolean {
    const flip = this.#flips.get(point);
    if (flip) {
      this.#host.play(flip);
      return true;
    }
    const e = this.#editing;
    if (e && this.#tray !== undefined) {
      const rank = rankFromLetter(this.#tray);
      const slot = this.#slotOf(point);
      if (rank === undefined || slot < 0) return false;
      if (!e.draft.place(rank, slot)) return false;
      this.#say(String(t('junqiUi.setup.placed', { rank: rankName(this.#tray), point: this.#pointName(point) })));
      if ((e.draft.reserve()[rank] ?? 0) <= 0) this.#tray = undefined;
      this.#board.clearSelection();
      this.#draw(true);
      return true;
    }
    return false;
  }

  #onDropOutside(from: number, x: number, y: number): boolean {
    const tray = this.#side.querySelector('[data-testid=jq-reserve]');
    if (!tray || !this.#editing?.draft.pick) return false;
    const r = tray.getBoundingClientRect();
    if (x < r.left || x > r.right || y < r.top || y > r.bottom) return false;
    return this.#removeToReserve(from);
  }

  #removeToReserve(point: number): boolean {
    const e = this.#editing;
    const slot = this.#slotOf(point);
    if (!e || slot < 0) return false;
    const rank = e.draft.slots[slot]!;
    if (!e.draft.remove(slot)) return false;
    this.#say(String(t('junqiUi.setup.removed', { rank: rankName(RANK_LETTERS[rank]!) })));
    this.#draw(true);
    return true;
  }

  /** Dragging a piece from the reserve onto a point of the board. */
  #onTrayDown = (e: PointerEvent): void => {
    const chip = (e.target as Element).closest?.('button.jq-chip') as HTMLButtonElement | null;
    if (!chip || !this.#editing?.draft.pick || e.button !== 0) return;
    const rank = chip.dataset.rank ?? '';
    this.#trayDrag = { rank, pointer: e.pointerId, x: e.clientX, y: e.clientY };
    const move = (ev: PointerEvent) => {
      const d = this.#trayDrag;
      if (!d || ev.pointerId !== d.pointer) return;
      if (!d.ghost && Math.hypot(ev.clientX - d.x, ev.clientY - d.y) > 6) {
        d.ghost = document.createElement('div');
        d.ghost.className = 'jq-tray-ghost';
        d.ghost.textContent = tileText(rank);
        document.body.append(d.ghost);
      }
      if (d.ghost) {
        d.ghost.style.left = `${ev.clientX - 20}px`;
        d.ghost.style.top = `${ev.clientY - 14}px`;
      }
    };
    const up = (ev: PointerEvent) => {
      const d = this.#trayDrag;
      if (!d || ev.pointerId !== d.pointer) return;
      window.removeEventListener('pointermove', move);
      window.removeEventListener('pointerup', up);
      window.removeEventListener('pointercancel', up);
      this.#trayDrag = undefined;
      if (!d.ghost) return; // a click: the button's own handler selects the piece
      d.ghost.remove();
      const point = this.#board.pointAtClient(ev.clientX, ev.clientY);
      if (point === undefined) return;
      this.#tray = d.rank;
      this.#onActivate(point);
    };
    window.addEventListener('pointermove', move);
    window.addEventListener('pointerup', up);
    window.addEventListener('pointercancel', up);
  };

  #actions: PanelActions = {
    play: (notation) => this.#host.play(notation),
    preset: (name) => {
      const e = this.#editing;
      if (!e?.draft.loadPreset(name as PresetName)) return;
      this.#tray = undefined;
      this.#say(String(t('junqiUi.setup.loaded', { name: t(`junqiUi.setup.preset.${name}`) })));
      this.#draw(true);
    },
    random: () => {
      const e = this.#editing;
      if (!e?.draft.randomise()) return;
      this.#tray = undefined;
      this.#say('');
      this.#draw(true);
    },
    save: (name) => {
      const e = this.#editing;
      if (!e) return;
      const r = saveSetup(name, e.draft.notation());
      if (r.ok) {
        this.#savedChoice = name.trim().replace(/\s+/g, ' ').slice(0, 24);
        this.#say(
          String(t(r.replaced ? 'junqiUi.setup.replaced' : 'junqiUi.setup.savedAs', { name: this.#savedChoice })),
        );
      } else this.#say(String(t(r.code === 'empty-name' ? 'junqiUi.setup.emptyName' : 'junqiUi.setup.storage')));
      this.#draw(false);
    },
    load: (name) => {
      const e = this.#editing;
      const entry = listSaved().find((s) => s.name === name);
      if (!e || !entry) return;
      const parsed = parseSetup(entry.setup);
      if (parsed.ok && e.draft.load(parsed.value)) {
        this.#tray = undefined;
        this.#say(String(t('junqiUi.setup.loaded', { name })));
        this.#draw(true);
      } else {
        this.#say(String(t('junqiUi.setup.noFit', { name })));
        this.#draw(false);
      }
    },
    remove: (name) => {
      deleteSaved(name);
      this.#say(String(t('junqiUi.setup.deleted', { name })));
      this.#draw(false);
    },
    choose: (name) => {
      this.#savedChoice = name;
      this.#draw(false);
    },
    confirm: () => {
      const e = this.#editing;
      if (!e?.draft.valid()) return;
      const notation = e.draft.notation();
      if (!e.draft.pick) rememberLast(e.seat, notation);
      drafts.delete(e.key);
      this.#editing = undefined;
      this.#message = undefined;
      this.#host.play(`setup ${notation}`);
    },
    tray: (rank) => {
      const sel = this.#board.selected;
      // a piece picked on the board, then the reserve: it goes back
      if (sel !== undefined && this.#removeToReserve(sel)) {
        this.#board.clearSelection();
        return;
      }
      this.#tray = this.#tray === rank ? undefined : rank;
      this.#draw(false);
    },
  };
}

// ---- the move list ---------------------------------------------------------------

const moveText = (r: PlayRecord): string => {
  const n = r.notation;
  if (n === 'setup' || n.startsWith('setup ')) return String(t('junqiUi.moveText.setup'));
  const bid = /^bid\s+(\S+)$/.exec(n);
  if (bid) return String(t('junqiUi.moveText.bid', { call: t(`junqi.call.${bid[1]}`) }));
  const flip = /^flip\s+(\S+)$/.exec(n);
  if (flip) return String(t('junqiUi.moveText.flip', { point: flip[1] }));
  if (n === 'resign') return String(t('junqiUi.moveText.resign'));
  if (n === 'timeout') return String(t('junqiUi.moveText.timeout'));
  if (n === 'draw-agreed') return String(t('junqiUi.moveText.draw'));
  const combat = (r.detail as { combat?: string } | undefined)?.combat;
  return combat ? `${n} ${String(t(`junqiUi.moveText.${combat}`))}` : n;
};

export const module: GameModule = {
  id: 'junqi',
  definition,
  fields,
  scope: 'junqi',
  seatNames: (view: JsonValue, seatCount: number) => {
    const v = (view ?? {}) as unknown as View;
    const filled: View = {
      ...v,
      players: (v.players ?? (seatCount as 2 | 3 | 4)) as 2 | 3 | 4,
      mode: v.mode ?? 'hidden',
    };
    return Array.from({ length: seatCount }, (_, s) => seatName(filled, s as Seat));
  },
  // 翻棋 hides the face-down pieces from both seats, and the AI must get only its seat's view
  hidden: (options) => String(options.mode ?? 'hidden') !== 'open' || String(options.variant ?? '') === 'landlord',
  // 三打一's teams come from the bidding: the three farmers play together once the landlord is known
  hasPartner: (view: JsonValue, seat: Seat) => {
    const v = view as unknown as View | null;
    if (v?.variant !== 'landlord') return undefined;
    return (v.landlord ?? -1) >= 0 && seat !== v.landlord;
  },
  outSeats: (view: JsonValue) => ((view as unknown as View | null)?.out ?? []).flatMap((o, s) => (o ? [s] : [])),
  moveText,
  // an attack: the record tells this viewer that a combat took place (whoever won it)
  captured: (_before, _after, record) => (record.detail as { combat?: string } | undefined)?.combat !== undefined,
  createBoard: (el, host) => new JunqiController(el, host),
};
