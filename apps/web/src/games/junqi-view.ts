/**
 * Junqi's view for one seat as the engine writes it, and how the page names what is in it: armies and their
 * colours, seats, ranks and tiles, the board's and the panel's words, the combat report's lines and the move list.
 */
import { actingSeats, type PlayRecord, type Turn } from '@qiyuan/core';
import { type Board, RANK_LETTERS, rankFromLetter } from '@qiyuan/junqi';
import type { JqBoardText } from '../board/junqi.js';
import type { Chip } from '../board/junqi-panel.js';
import type { ReportEvent } from '../board/junqi-report.js';
import { i18n, t } from '../i18n/index.js';

export interface ViewPiece {
  id: number;
  point: number;
  army: number | null;
  rank: string | null;
  faceDown?: boolean;
}

export interface View {
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

export const armyOf = (v: View, seat: number): number => v.armyOfSeat?.[seat] ?? (v.mode === 'flip' ? -1 : seat);

/** A seat's colour (or, in 翻棋 before the first flip, first or second player). */
export const seatBase = (v: View, seat: number): string => {
  const army = armyOf(v, seat);
  return army < 0 ? String(t(seat === 0 ? 'junqi.first' : 'junqi.second')) : armyName(v.players, army);
};

export const seatName = (v: View, seat: number): string => {
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

export const countsFromText = (text: string): number[] => {
  const c = new Array<number>(RANK_LETTERS.length).fill(0);
  for (const ch of text) {
    const r = rankFromLetter(ch);
    if (r !== undefined) c[r]!++;
  }
  return c;
};

export const chipsOf = (counts: readonly number[]): Chip[] =>
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

export const turnSeats = (turn: Turn): number[] => [...actingSeats(turn)];

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

export const panelWords = (): Record<string, string> => {
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
export const pieceWords = (players: number, army: number | null, rank: string | null): string => {
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
export const eventText = (board: Board, v: View, e: ReportEvent, seatOf: (s: number) => string): string | undefined => {
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

/** A move as the move list writes it. */
export const moveText = (r: PlayRecord): string => {
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
