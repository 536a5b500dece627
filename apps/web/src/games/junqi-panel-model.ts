/**
 * The Junqi panel's sections that follow from the seat's view alone: the seats with their notes, the bidding of
 * 三打一, and the combat report with the tally of each army's lost pieces. (The setup editor's section holds the
 * editor's own state and is made by the controller.)
 */
import { type Board, playsInPairs, RANK_LETTERS } from '@qiyuan/junqi';
import type { PanelModel, SeatRow } from '../board/junqi-panel.js';
import { parseMovePoints, type ReportEvent, readRecords } from '../board/junqi-report.js';
import { t } from '../i18n/index.js';
import {
  armyName,
  armyOf,
  chipsOf,
  coloursFor,
  countsFromText,
  eventText,
  rankName,
  seatName,
  turnSeats,
  type View,
} from './junqi-view.js';
import type { BoardInput } from './types.js';

/** Every seat's row: its name and colour, whether it is this seat, to move or out, and its notes. */
export const seatRows = (v: View, input: BoardInput, seat: number): SeatRow[] => {
  const players = Number(v.players ?? 2);
  const colours = coloursFor(players);
  const acting = turnSeats(input.turn);
  return Array.from({ length: players }, (_, s) => {
    const notes: string[] = [];
    const outNow = v.out?.[s] === true;
    if (playsInPairs({ ...v, players })) notes.push(String(t('junqiUi.team', { n: (s % 2) + 1 })));
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
      you: s === seat && input.yours !== false,
      active: acting.includes(s) && !outNow && !input.outcome,
      out: outNow,
    };
  });
};

/** The bidding of 三打一 while it lasts (hidden behind the pass-the-device screen). */
export const biddingOf = (v: View, input: BoardInput, seat: number): PanelModel['bidding'] => {
  if (v.phase !== 'bidding' || input.concealed) return undefined;
  const acting = turnSeats(input.turn);
  const records = input.records ?? [];
  const calls = (v.bids ?? []).map((b) =>
    String(t('game.labelled', { label: seatName(v, b.seat), value: t(`junqi.call.${b.call}`) })),
  );
  return {
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
};

/** The combat report since this seat last moved, the last ten events, and each army's lost pieces, once play starts. */
export const reportOf = (
  v: View,
  input: BoardInput,
  board: Board,
  seat: number,
): Pick<PanelModel, 'combat' | 'tally'> => {
  const players = Number(v.players ?? 2);
  const colours = coloursFor(players);
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
  return { combat, tally };
};
