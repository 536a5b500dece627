/**
 * Junqi in the web app: the game's module, and the controller that turns the
 * engine's view for one seat (plus its records and legal moves in notation)
 * into the board's scene and the panel beside it — and the player's intent
 * back into moves. The setup editor lives here too: it arranges a draft on the
 * board and plays it as one `setup` move once the engine's checks pass. The
 * create form's fields are in `junqi-options.ts`; the view's shape and every
 * word the page says of it (names, report, move list) in `junqi-view.ts`.
 */
import type { JsonValue, Seat } from '@qiyuan/core';
import {
  type Board,
  boardFor,
  PRESET_NAMES,
  type PresetName,
  parseSetup,
  RANK_LETTERS,
  rankFromLetter,
  STANDARD_ARMY,
} from '@qiyuan/junqi';
import { h, render } from 'preact';
import { type JqScene, type JqTile, JunqiBoard } from '../board/junqi.js';
import { type EditorModel, JunqiPanel, type PanelActions, type PanelModel } from '../board/junqi-panel.js';
import { parseFlipPoint, parseMovePoints } from '../board/junqi-report.js';
import {
  deleteSaved,
  initialDraft,
  listSaved,
  rememberLast,
  type SetupDraft,
  saveSetup,
} from '../board/junqi-setup.js';
import { addWords, i18n, type Language, listOf, t } from '../i18n/index.js';
import { definition, fields } from './junqi-options.js';
import { biddingOf, reportOf, seatRows } from './junqi-panel-model.js';
import { addPanelStyle } from './junqi-style.js';
import {
  armyOf,
  boardText,
  chipsOf,
  coloursFor,
  countsFromText,
  moveText,
  panelWords,
  pieceWords,
  rankName,
  seatBase,
  seatName,
  tileText,
  turnSeats,
  type View,
} from './junqi-view.js';
import type { BoardController, BoardHost, BoardInput, GameModule } from './types.js';

export { armyName, boardText, coloursFor, rankName, tileText } from './junqi-view.js';

// This game's words, one chunk per language: the language shown loads with the module (`loadGame` waits for it, so
// nothing is drawn before), another on a switch to it. Not a top-level await: that splits the app into many chunks.
const WORDS: Record<Language, () => Promise<Record<string, unknown>>> = {
  en: async () => (await import('../i18n/junqi.js')).junqiEn,
  'zh-CN': async () => (await import('../i18n/junqi-zh-CN.js')).junqiZhCN,
  'zh-TW': async () => (await import('../i18n/junqi-zh-TW.js')).junqiZhTW,
};
export const wordsReady: Promise<void> = addWords((lng) => WORDS[lng]());

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
    const seats = seatRows(v, input, seat);
    const own = seat >= 0 ? armyOf(v, seat) : -1;
    let banner: string | undefined;
    if (seat < 0) banner = String(t('junqiUi.spectating'));
    else if (v.mode === 'flip' && own < 0) banner = String(t('junqiUi.coloursUndecided'));
    else if (own >= 0 && !input.concealed) banner = String(t('junqiUi.youCommand', { army: seatName(v, seat) }));

    const landlord =
      v.variant === 'landlord' && (v.landlord ?? -1) >= 0
        ? `${String(t('junqiUi.bidding.result', { player: seatBase(v, v.landlord!), n: v.target ?? 0 }))}${v.phase === 'setup' && v.landlord === seat ? ` ${String(t('junqiUi.bidding.extra'))}` : ''}`
        : undefined;

    const bidding = biddingOf(v, input, seat);

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
      // a seat that resigned while deploying is out (R13): nobody waits for it
      const pending = (v.deployed ?? []).flatMap((done, s) => (done || v.out?.[s] ? [] : [seatName(v, s)]));
      if (pending.length > 0) waiting = String(t('junqiUi.setup.waiting', { players: listOf(pending) }));
    }

    const { combat, tally } = reportOf(v, input, board, seat);

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
