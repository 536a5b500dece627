/**
 * The Junqi setup editor at work on the board (布阵): the draft a seat arranges, what the editor last said, the
 * reserve's pick, and the player's intent while deploying — swaps and placements on the board, the reserve's drag,
 * the presets, the setups saved on the device, the confirmation that plays the draft as one `setup` move. In the
 * setup editor's chunk (junqi-setup-kit.ts) with its panel section: the controller (junqi-controller.ts) hands it what
 * it needs of the board's chunk, since a module both chunks import would be split off into a request of its own, and
 * a page where no seat deploys (a replay, an analysis board) goes without all of it.
 */
import { type Board, boardFor, type PresetName, parseSetup, RANK_LETTERS, rankFromLetter } from '@qiyuan/junqi';
import { type ComponentChildren, h } from 'preact';
import type { JunqiBoard } from '../board/junqi.js';
import type { Chip, PanelActions, PanelModel } from '../board/junqi-panel.js';
import { Editor, type PanelParts } from '../board/junqi-panel-editor.js';
import {
  deleteSaved,
  initialDraft,
  listSaved,
  rememberLast,
  type SetupDraft,
  saveSetup,
} from '../board/junqi-setup.js';
import { t } from '../i18n/index.js';
import { editorModel } from './junqi-editor-model.js';
import { TrayDrag } from './junqi-tray-drag.js';

/** What the controller lends the editor: its board, its side panel, the game shown and a few words of the board's. */
export interface SetupHost {
  readonly board: JunqiBoard;
  /** The side panel, where the reserve's chips are. */
  readonly side: HTMLElement;
  /** The number of players of the game shown. */
  players(): number;
  /** Draws the board and panel again (with motion: the draft's pieces slide). */
  draw(animate: boolean): void;
  /** Plays a move on the game. */
  play(notation: string): void;
  rankName(letter: string): string;
  chipsOf(counts: readonly number[]): Chip[];
  /** The panel's section frame and chips, drawn around and in the editor's section. */
  readonly parts: PanelParts;
}

/**
 * Drafts being edited, by seat and pieces: the page rebuilds the board on a language switch, and an arrangement in
 * progress must survive that.
 */
const drafts = new Map<string, SetupDraft>();

interface Editing {
  readonly key: string;
  readonly seat: number;
  readonly draft: SetupDraft;
}

export class SetupSession {
  readonly #host: SetupHost;
  #editing: Editing | undefined;
  #message: string | undefined;
  #savedChoice = '';
  #trayDrag: TrayDrag | undefined;
  /** The reserve's picked rank letter. */
  tray: string | undefined;

  constructor(host: SetupHost) {
    this.#host = host;
  }

  /** The draft being arranged, if a seat deploys. */
  get draft(): SetupDraft | undefined {
    return this.#editing?.draft;
  }

  /**
   * The draft for `seat` deploying `holding` (rank counts; `pick`: the landlord's reserve, with more pieces than
   * places), kept while the seat and its pieces stay the same.
   */
  edit(seat: number, holding: readonly number[], pick: boolean): SetupDraft {
    const key = `${seat}:${holding.join('.')}:${pick}`;
    if (this.#editing?.key !== key) {
      let draft = drafts.get(key);
      if (!draft) {
        draft = initialDraft([...holding], pick, seat);
        drafts.set(key, draft);
      }
      this.#editing = { key, seat, draft };
      this.#message = undefined;
      this.tray = undefined;
    }
    return this.#editing.draft;
  }

  /** No seat deploys any more (its deployment is played, or the game left the setup). */
  stop(): void {
    this.#editing = undefined;
  }

  /** The editor's section of the panel, for the seat deploying. */
  section(board: Board, seat: number, words: PanelModel['words']): ComponentChildren {
    const e = this.#editing;
    if (!e) return undefined;
    const saved = listSaved().map((s) => s.name);
    if (!saved.includes(this.#savedChoice)) this.#savedChoice = saved[0] ?? '';
    const m = editorModel({
      draft: e.draft,
      board,
      seat,
      saved,
      savedChoice: this.#savedChoice,
      message: this.#message,
      tray: this.tray,
      chipsOf: this.#host.chipsOf,
    });
    return h(Editor, { m, w: words, act: this.actions, parts: this.#host.parts });
  }

  #say(message: string): void {
    this.#message = message;
  }

  #pointName(p: number): string {
    return boardFor(this.#host.players()).points[p]?.name ?? String(p);
  }

  #slotOf(point: number): number {
    const p = boardFor(this.#host.players()).points[point];
    return p && p.army === this.#editing?.seat ? (p.row - 1) * 5 + p.col : -1;
  }

  /** A piece dragged or moved from one point to another while deploying: the two swap. False when not deploying. */
  move(from: number, to: number): boolean {
    const e = this.#editing;
    if (!e) return false;
    const a = this.#slotOf(from);
    const b = this.#slotOf(to);
    if (a < 0 || b < 0) return true;
    const empty = e.draft.slots[b]! < 0;
    e.draft.swap(a, b);
    this.tray = undefined;
    this.#say(
      String(
        t(empty ? 'junqiUi.setup.moved' : 'junqiUi.setup.swapped', {
          a: this.#pointName(from),
          b: this.#pointName(to),
        }),
      ),
    );
    this.#host.draw(true);
    return true;
  }

  /** A point chosen with a rank picked in the reserve: that piece goes there. */
  activate(point: number): boolean {
    const e = this.#editing;
    if (!e || this.tray === undefined) return false;
    const rank = rankFromLetter(this.tray);
    const slot = this.#slotOf(point);
    if (rank === undefined || slot < 0) return false;
    if (!e.draft.place(rank, slot)) return false;
    this.#say(
      String(t('junqiUi.setup.placed', { rank: this.#host.rankName(this.tray), point: this.#pointName(point) })),
    );
    if ((e.draft.reserve()[rank] ?? 0) <= 0) this.tray = undefined;
    this.#host.board.clearSelection();
    this.#host.draw(true);
    return true;
  }

  /** A piece dropped off the board: onto the reserve, it goes back there. */
  dropOutside(from: number, x: number, y: number): boolean {
    const tray = this.#host.side.querySelector('[data-testid=jq-reserve]');
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
    this.#say(String(t('junqiUi.setup.removed', { rank: this.#host.rankName(RANK_LETTERS[rank]!) })));
    this.#host.draw(true);
    return true;
  }

  /** Dragging a piece from the reserve onto a point of the board. */
  trayDown(e: PointerEvent): void {
    const chip = (e.target as Element).closest?.('button.jq-chip') as HTMLButtonElement | null;
    if (!chip || !this.#editing?.draft.pick || e.button !== 0) return;
    this.#trayDrag ??= new TrayDrag((rank, x, y) => {
      const point = this.#host.board.pointAtClient(x, y);
      if (point === undefined) return;
      this.tray = rank;
      this.activate(point);
    });
    this.#trayDrag.start(e, chip.dataset.rank ?? '');
  }

  readonly actions: PanelActions = {
    play: (notation) => this.#host.play(notation),
    preset: (name) => {
      const e = this.#editing;
      if (!e?.draft.loadPreset(name as PresetName)) return;
      this.tray = undefined;
      this.#say(String(t('junqiUi.setup.loaded', { name: t(`junqiUi.setup.preset.${name}`) })));
      this.#host.draw(true);
    },
    random: () => {
      const e = this.#editing;
      if (!e?.draft.randomise()) return;
      this.tray = undefined;
      this.#say('');
      this.#host.draw(true);
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
      this.#host.draw(false);
    },
    load: (name) => {
      const e = this.#editing;
      const entry = listSaved().find((s) => s.name === name);
      if (!e || !entry) return;
      const parsed = parseSetup(entry.setup);
      if (parsed.ok && e.draft.load(parsed.value)) {
        this.tray = undefined;
        this.#say(String(t('junqiUi.setup.loaded', { name })));
        this.#host.draw(true);
      } else {
        this.#say(String(t('junqiUi.setup.noFit', { name })));
        this.#host.draw(false);
      }
    },
    remove: (name) => {
      deleteSaved(name);
      this.#say(String(t('junqiUi.setup.deleted', { name })));
      this.#host.draw(false);
    },
    choose: (name) => {
      this.#savedChoice = name;
      this.#host.draw(false);
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
      const sel = this.#host.board.selected;
      // a piece picked on the board, then the reserve: it goes back
      if (sel !== undefined && this.#removeToReserve(sel)) {
        this.#host.board.clearSelection();
        return;
      }
      this.tray = this.tray === rank ? undefined : rank;
      this.#host.draw(false);
    },
  };
}
