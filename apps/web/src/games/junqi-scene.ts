/**
 * The Junqi board's scene for one seat: the tiles (the setup editor's draft, the seat's confirmed deployment or the
 * engine's pieces), what the seat may do with them, the last move, the armies' captions and the screen-reader
 * labels — with the notation of each move and flip the board's gestures stand for.
 */
import { type Board, parseSetup, RANK_LETTERS } from '@qiyuan/junqi';
import type { JqScene, JqTile } from '../board/junqi.js';
import { parseFlipPoint, parseMovePoints } from '../board/junqi-report.js';
import type { SetupDraft } from '../board/junqi-setup.js';
import { t } from '../i18n/index.js';
import { armyOf, coloursFor, pieceWords, tileText, turnSeats, type View } from './junqi-view.js';
import type { BoardInput } from './types.js';

export interface SceneSource {
  readonly v: View;
  readonly input: BoardInput;
  readonly board: Board;
  /** The viewer's seat, -1 for a spectator. */
  readonly seat: number;
  /** The setup editor's draft while the seat arranges its army. */
  readonly draft: SetupDraft | undefined;
  /** Whether a piece of the reserve is picked (every own point takes it). */
  readonly trayOpen: boolean;
  readonly animate: boolean;
}

export interface DrawnScene {
  readonly scene: JqScene;
  /** The notation of each legal move, by `from>to`. */
  readonly moves: Map<string, string>;
  /** The notation of each legal flip, by point. */
  readonly flips: Map<number, string>;
}

export const sceneOf = ({ v, input, board, seat, draft, trayOpen, animate }: SceneSource): DrawnScene => {
  const players = Number(v.players ?? 2);
  const colours = coloursFor(players);
  // the side the page puts at the bottom (the viewer's own in a game; fixed on the analysis board, turned with ⇅)
  const below = input.bottom;
  const belowArmy = armyOf(v, below);
  const bottomArmy = below < 0 ? 0 : v.mode === 'flip' ? below : belowArmy >= 0 ? belowArmy : below;
  // the letters piece style writes ranks as the setup notation does (9 司令 … 1 工兵, B, M, F)
  const face = (letter: string): string => (input.look.pieces === 'letters' ? letter : tileText(letter));

  // tiles: the editor's draft, the seat's confirmed deployment, or the engine's pieces
  const tiles: JqTile[] = [];
  const tileAt = new Map<number, JqTile>();
  const add = (tile: JqTile) => {
    tiles.push(tile);
    tileAt.set(tile.point, tile);
  };
  const slotPoint = (army: number, slot: number) => board.at(army, Math.floor(slot / 5) + 1, slot % 5);
  if (draft) {
    draft.slots.forEach((rank, slot) => {
      if (rank < 0) return;
      const letter = RANK_LETTERS[rank]!;
      add({
        key: `d${draft.keyAt(slot)}`,
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
  const moves = new Map<string, string>();
  const flips = new Map<number, string>();
  const problems = new Set<number>();
  if (draft) {
    const ownPoints = board.points.filter((p) => p.army === seat).map((p) => p.id);
    for (const tile of tiles)
      sources.set(
        tile.point,
        ownPoints.filter((p) => p !== tile.point),
      );
    if (trayOpen) for (const p of ownPoints) actionable.add(p);
    for (const pr of draft.problems()) if (pr.slot !== undefined) problems.add(slotPoint(seat, pr.slot));
  } else if (!input.browsing && !input.concealed && !input.outcome) {
    for (const m of input.legal) {
      const mv = parseMovePoints(board, m);
      if (mv) {
        moves.set(`${mv.from}>${mv.to}`, m);
        sources.set(mv.from, [...(sources.get(mv.from) ?? []), mv.to]);
        continue;
      }
      const at = parseFlipPoint(board, m);
      if (at !== undefined) {
        flips.set(at, m);
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
    else if (v.phase === 'setup' && !(draft && s === seat) && !(s === seat && v.mySetup && !input.concealed)) {
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
    actionLabel: String(t(draft ? 'junqiUi.state.place' : 'junqiUi.state.flip')),
    arrange: draft !== undefined,
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
  return { scene, moves, flips };
};
