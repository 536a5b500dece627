/**
 * The Junqi board controller: it turns the engine's view for one seat (plus its records and legal moves in
 * notation) into the board's scene (junqi-scene.ts) and the panel beside it, and the player's intent back into
 * moves. While a seat deploys, the setup editor (junqi-setup-session.ts, in a chunk of its own fetched then) arranges
 * a draft on the board and plays it as one `setup` move once the engine's checks pass.
 */
import { type Board, boardFor, STANDARD_ARMY } from '@qiyuan/junqi';
import { h, render } from 'preact';
import { JunqiBoard } from '../board/junqi.js';
import { Chips, JunqiPanel, type PanelActions, type PanelModel, Section } from '../board/junqi-panel.js';
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

type SetupKit = typeof import('./junqi-setup-kit.js');
let kit: SetupKit | undefined;
let kitLoading: Promise<SetupKit> | undefined;
/** The setup editor's chunk, fetched once: a game page starts it as soon as it shows a deployment phase. */
export const loadSetupKit = (): Promise<SetupKit> =>
  (kitLoading ??= import('./junqi-setup-kit.js').then((k) => (kit = k)));

export class JunqiController implements BoardController {
  #host: BoardHost;
  #root: HTMLDivElement;
  #side: HTMLDivElement;
  #board: JunqiBoard;
  #input: BoardInput | undefined;
  #lang = i18n.language;
  /** The setup editor, once its chunk is in and a seat has deployed here. */
  #setup: InstanceType<SetupKit['SetupSession']> | undefined;
  #moves = new Map<string, string>();
  #flips = new Map<number, string>();
  #shown = '';
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
    // dragging a piece from the setup editor's reserve onto the board
    this.#side.addEventListener('pointerdown', (e) => this.#setup?.trayDown(e));
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
  #editorFor(v: View, input: BoardInput): SetupDraft | undefined {
    const seat = this.#seat();
    const acting =
      v.phase === 'setup' &&
      seat >= 0 &&
      !input.browsing &&
      !input.concealed &&
      !input.outcome &&
      input.legal.some((m) => m.startsWith('setup'));
    if (!acting) {
      if (v.phase !== 'setup' || (seat >= 0 && v.deployed?.[seat])) this.#setup?.stop();
      return undefined;
    }
    if (!kit) {
      // the editor's chunk is on its way (a game page asked for it with its own): the board is drawn again once it is in
      void loadSetupKit().then(() => {
        if (!this.#destroyed) this.#draw(false);
      });
      return undefined;
    }
    this.#setup ??= new kit.SetupSession({
      board: this.#board,
      side: this.#side,
      players: () => Number((this.#input?.view as unknown as View | undefined)?.players ?? 2),
      draw: (animate) => this.#draw(animate),
      play: (notation) => this.#host.play(notation),
      rankName,
      chipsOf,
      parts: { Section, Chips },
    });
    const pick = v.variant === 'landlord' && v.landlord === seat;
    const holding = v.variant === 'landlord' && v.hand ? countsFromText(v.hand) : [...STANDARD_ARMY];
    return this.#setup.edit(seat, holding, pick);
  }

  #draw(animate: boolean): void {
    const input = this.#input;
    if (!input) return;
    const v = input.view as unknown as View;
    const players = Number(v.players ?? 2);
    const board = boardFor(players);
    const seat = this.#seat();
    const draft = this.#editorFor(v, input);
    this.#root.style.setProperty('--jq-aspect', players === 2 ? String(352 / 664) : '1');
    const drawn = sceneOf({
      v,
      input,
      board,
      seat,
      draft,
      trayOpen: this.#setup?.tray !== undefined,
      animate,
    });
    this.#moves = drawn.moves;
    this.#flips = drawn.flips;
    this.#board.update(drawn.scene);
    this.#drawPanel(v, input, board, draft !== undefined);
  }

  #drawPanel(v: View, input: BoardInput, board: Board, editing: boolean): void {
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
      editing,
      waiting,
      combat,
      tally,
      words: panelWords(),
    };
    render(
      h(JunqiPanel, {
        m: model,
        act: this.#actions,
        editor: editing ? this.#setup?.section(board, seat, model.words) : undefined,
      }),
      this.#side,
    );
  }

  // ---- intent ---------------------------------------------------------------

  #onMove(from: number, to: number): void {
    if (this.#setup?.move(from, to)) return;
    const m = this.#moves.get(`${from}>${to}`);
    if (m) this.#host.play(m);
  }

  #onActivate(point: number): boolean {
    const flip = this.#flips.get(point);
    if (flip) {
      this.#host.play(flip);
      return true;
    }
    return this.#setup?.activate(point) ?? false;
  }

  #onDropOutside(from: number, x: number, y: number): boolean {
    return this.#setup?.dropOutside(from, x, y) ?? false;
  }

  /** The panel's own intent (a bid); the setup editor's section acts through the editor. */
  #actions: Pick<PanelActions, 'play'> = { play: (notation) => this.#host.play(notation) };
}
