/**
 * The Junqi board controller: it turns the engine's view for one seat (plus its records and legal moves in
 * notation) into the board's scene (junqi-scene.ts) and the panel beside it, and the player's intent back into
 * moves. The setup editor is driven here: it arranges a draft on the board and plays it as one `setup` move once
 * the engine's checks pass (its panel section: junqi-editor-model.ts; the reserve's drag: junqi-tray-drag.ts).
 */
import {
  type Board,
  boardFor,
  type PresetName,
  parseSetup,
  RANK_LETTERS,
  rankFromLetter,
  STANDARD_ARMY,
} from '@qiyuan/junqi';
import { h, render } from 'preact';
import { JunqiBoard } from '../board/junqi.js';
import {
  Chips,
  type EditorModel,
  JunqiPanel,
  type PanelActions,
  type PanelModel,
  Section,
} from '../board/junqi-panel.js';
import type { SetupDraft } from '../board/junqi-setup.js';
import { i18n, listOf, t } from '../i18n/index.js';
import { biddingOf, reportOf, seatRows } from './junqi-panel-model.js';
import { sceneOf } from './junqi-scene.js';
import { addPanelStyle } from './junqi-style.js';
import {
  armyOf,
  boardText,
  chipsOf,
  countsFromText,
  panelWords,
  rankName,
  seatBase,
  seatName,
  type View,
} from './junqi-view.js';
import type { BoardController, BoardHost, BoardInput } from './types.js';

/**
 * Drafts being edited, by seat and pieces: the page rebuilds the board on a
 * language switch, and an arrangement in progress must survive that.
 */
const drafts = new Map<string, SetupDraft>();

type SetupKit = typeof import('./junqi-setup-kit.js');
let kit: SetupKit | undefined;
let kitLoading: Promise<SetupKit> | undefined;
/** The setup editor's chunk, fetched once: a game page starts it as soon as it shows a deployment phase. */
export const loadSetupKit = (): Promise<SetupKit> =>
  (kitLoading ??= import('./junqi-setup-kit.js').then((k) => (kit = k)));

interface Editing {
  readonly key: string;
  readonly seat: number;
  readonly draft: SetupDraft;
}

export class JunqiController implements BoardController {
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
  #trayDrag: InstanceType<SetupKit['TrayDrag']> | undefined;
  #destroyed = false;

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
    this.#destroyed = true;
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
    if (!kit) {
      // the editor's chunk is on its way (a game page asked for it with its own): the board is drawn again once it is in
      void loadSetupKit().then(() => {
        if (!this.#destroyed) this.#draw(false);
      });
      return undefined;
    }
    const pick = v.variant === 'landlord' && v.landlord === seat;
    const holding = v.variant === 'landlord' && v.hand ? countsFromText(v.hand) : [...STANDARD_ARMY];
    const key = `${seat}:${holding.join('.')}:${pick}`;
    if (this.#editing?.key !== key) {
      let draft = drafts.get(key);
      if (!draft) {
        draft = kit.initialDraft(holding, pick, seat);
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
    const editing = this.#editorFor(v, input);
    this.#root.style.setProperty('--jq-aspect', players === 2 ? String(352 / 664) : '1');
    const drawn = sceneOf({
      v,
      input,
      board,
      seat,
      draft: editing?.draft,
      trayOpen: this.#tray !== undefined,
      animate,
    });
    this.#moves = drawn.moves;
    this.#flips = drawn.flips;
    this.#board.update(drawn.scene);
    this.#drawPanel(v, input, board, editing);
  }

  #drawPanel(v: View, input: BoardInput, board: Board, editing: Editing | undefined): void {
    const seat = this.#seat();
    const seats = seatRows(v, input, seat);
    const own = seat >= 0 ? armyOf(v, seat) : -1;
    let banner: string | undefined;
    if (seat < 0) banner = String(t('junqiUi.spectating'));
    else if (v.mode === 'flip' && own < 0) banner = String(t('junqiUi.coloursUndecided'));
    else if (own >= 0 && !input.concealed) {
      banner = String(t(input.yours === false ? 'junqiUi.seenAs' : 'junqiUi.youCommand', { army: seatName(v, seat) }));
    }

    const landlord =
      v.variant === 'landlord' && (v.landlord ?? -1) >= 0
        ? `${String(t('junqiUi.bidding.result', { player: seatBase(v, v.landlord!), n: v.target ?? 0 }))}${v.phase === 'setup' && v.landlord === seat ? ` ${String(t('junqiUi.bidding.extra'))}` : ''}`
        : undefined;

    const bidding = biddingOf(v, input, seat);

    let editor: EditorModel | undefined;
    if (editing && kit) {
      const saved = kit.listSaved().map((s) => s.name);
      if (!saved.includes(this.#savedChoice)) this.#savedChoice = saved[0] ?? '';
      editor = kit.editorModel({
        draft: editing.draft,
        board,
        seat,
        saved,
        savedChoice: this.#savedChoice,
        message: this.#message,
        tray: this.#tray,
        chipsOf,
      });
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
    const words = model.words;
    render(
      h(JunqiPanel, {
        m: model,
        act: this.#actions,
        editor:
          editor && kit
            ? h(kit.Editor, { m: editor, w: words, act: this.#actions, parts: { Section, Chips } })
            : undefined,
      }),
      this.#side,
    );
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
    if (!chip || !this.#editing?.draft.pick || e.button !== 0 || !kit) return;
    this.#trayDrag ??= new kit.TrayDrag((rank, x, y) => {
      const point = this.#board.pointAtClient(x, y);
      if (point === undefined) return;
      this.#tray = rank;
      this.#onActivate(point);
    });
    this.#trayDrag.start(e, chip.dataset.rank ?? '');
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
      const r = kit!.saveSetup(name, e.draft.notation());
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
      const entry = kit?.listSaved().find((s) => s.name === name);
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
      kit?.deleteSaved(name);
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
      if (!e.draft.pick) kit?.rememberLast(e.seat, notation);
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
