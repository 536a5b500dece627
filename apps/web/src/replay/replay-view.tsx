/**
 * A finished game on the replay's board: the position at the cursor (on the game or on a line explored off it), the
 * result and who played, whose view (in a game with secrets), the moves, the computer review, the analysis and the
 * record to take away. The same for a server game and a game kept on this device.
 */
import type { Viewer } from '@qiyuan/core';
import { actingSeats, SPECTATOR } from '@qiyuan/core';
import { useEffect, useMemo, useState } from 'preact/hooks';
import { useMoveKeys } from '../board/move-keys.js';
import { useBoard } from '../board/use-board.js';
import { listOf, t, tOr } from '../i18n/index.js';
import { positionInput } from '../pages/position-input.js';
import { withHeaders } from '../pages/record-headers.js';
import { ReviewPanel, type ReviewState, seatNames, useReview } from '../pages/review.js';
import { seatLabel, seatName } from '../pages/seat-names.js';
import type { SessionView } from '../play/session.js';
import { settings } from '../settings.js';
import { useStore } from '../store.js';
import { Exploration } from './exploration.js';
import { type Cursor, type Line, lineMoves, positionAt } from './line.js';
import { type LocalGame, useLocalReview } from './local-review.js';
import { MoveList } from './move-list.js';
import { RecordExport } from './record-export.js';
import type { Ready } from './replayed-game.js';
import { useSuggestion } from './suggestion.js';

/** The board's moves held back (a constant, so the board is not updated again for a new empty list). */
const NO_MOVES: readonly string[] = [];

export const ReplayView = ({
  info,
  mod,
  final,
  exported: engineText,
  review: storedReview,
  reviewable: serverReviewable = false,
  local,
}: Ready & {
  review?: ReviewState | undefined;
  reviewable?: boolean;
  /** A finished game kept on this device: its review is made here rather than by the server. */
  local?: LocalGame | undefined;
}) => {
  // the engine's record of the game, with the headers of where, when and between whom it was played
  const exported = engineText === undefined ? undefined : withHeaders(mod.definition.record, engineText, info.record);
  const cfg = useStore(settings);
  const mySeat = info.mySeat;
  const hidden = mod.hidden(info.options);
  const [viewer, setViewer] = useState<Viewer>(mySeat >= 0 ? mySeat : hidden ? 0 : SPECTATOR);
  const [line, setLine] = useState<Line | undefined>();
  const [cursor, setCursor] = useState<Cursor>({ onLine: false, ply: 0 });
  const serverReview = useReview(info.id, storedReview);
  const localReview = useLocalReview(local);
  const review = local ? localReview : serverReview;
  const reviewable = serverReviewable || local !== undefined;
  const total = final.ply;
  const lineEnd = line ? line.from + line.moves.length : total;
  const end = cursor.onLine ? lineEnd : total;
  const game = useMemo(() => positionAt(final, line, cursor), [final, line, cursor]);
  const mainRecords = useMemo(
    () => Array.from({ length: total }, (_, p) => final.recordFor(viewer, p)),
    [final, viewer, total],
  );
  // the plies before the first move on the board (Junqi's deployments)
  const firstMove = useMemo(() => {
    let p = 0;
    while (p < total && final.isBoardMove?.(p) === false) p++;
    return p;
  }, [final, total]);
  const key = `${cursor.onLine ? 'l' : 'm'}${cursor.ply}:${line?.from ?? ''}:${line?.moves.join(' ') ?? ''}`;

  const play = (text: string) => {
    if (!game || game.outcome()) return;
    const seat = actingSeats(game.turn()).find((s) => game.parseMove(text, s).ok);
    if (seat === undefined) return;
    const onLine = cursor.onLine && line !== undefined;
    // the game's own next move keeps the board on the game
    if (!onLine && cursor.ply < total && mainRecords[cursor.ply]?.notation === text) {
      setCursor({ onLine: false, ply: cursor.ply + 1 });
      return;
    }
    const from = onLine ? line!.from : cursor.ply;
    const kept = onLine ? line!.moves.slice(0, cursor.ply - line!.from) : [];
    setLine({ from, moves: [...kept, text] });
    setCursor({ onLine: true, ply: cursor.ply + 1 });
  };
  const { host, board } = useBoard(mod, play);

  // the seat shown: the chosen one; in the explored line of a game without secrets, the seat to move
  const acting = game ? actingSeats(game.turn()) : [];
  const shownSeat: Viewer = cursor.onLine && !hidden && acting.length > 0 ? acting[0]! : viewer;
  const legal = useMemo(() => {
    if (!game || game.outcome()) return [];
    const seat = acting.find((s) => game.legalMoves(s).length > 0);
    return seat === undefined ? [] : game.legalMoves(seat).map((m) => game.moveToString(m));
  }, [game]);
  const { current, ask } = useSuggestion(mod, info.game, game, acting, key);
  // Before the game's first move on the board (Junqi's deployments, the Hive advanced game's blind choice of tiles) the
  // board offers no move until the reader asks to try a setup of their own: the replay shows the recorded setups, and
  // a setup editor of a chunk of its own (Junqi's) is fetched only for a reader who explores one
  const [setupTried, setSetupTried] = useState(false);
  const beforeBoard = !cursor.onLine && cursor.ply < firstMove;
  const offered = beforeBoard && !setupTried ? NO_MOVES : legal;

  useEffect(() => {
    if (!board.current || !game) return;
    board.current.update(
      positionInput(
        game,
        shownSeat,
        {
          bottom: typeof viewer === 'number' ? viewer : 0,
          legal: offered,
          browsing: false,
          // only the seat this reader played is "you"; any other is a seat's view, shown
          yours: mySeat >= 0 && shownSeat === mySeat,
        },
        {
          pieces: cfg.pieces,
          coordinates: cfg.coordinates,
        },
      ),
    );
  }, [game, shownSeat, viewer, offered, cfg.language, cfg.pieces, cfg.coordinates]);

  // stepping back to the line's branch point lands on the game, at the same position
  const go = (ply: number, onLine = cursor.onLine) => {
    const to = Math.max(0, Math.min(onLine ? lineEnd : total, ply));
    setCursor({ onLine: onLine && line !== undefined && to > line.from, ply: to });
  };
  useMoveKeys((step) => {
    if (step === 'back') go(cursor.ply - 1);
    else if (step === 'forward') go(cursor.ply + 1);
    else if (step === 'up' || step === 'first') go(0, false);
    else go(Number.MAX_SAFE_INTEGER);
  });

  const view: SessionView = {
    game: info.game,
    options: info.options,
    seatCount: info.seatCount,
    viewer,
    turn: final.turn(),
    view: final.viewFor(viewer),
    legal: [],
    record: mainRecords,
    outcome: info.outcome,
    ply: total,
    mine: mySeat >= 0 ? [mySeat] : [],
    ai: info.aiSeats,
    thinking: false,
    error: undefined,
  };
  const lineRecords = lineMoves(final, line);
  const outcome = info.outcome;
  return (
    <div class={`game-layout game-${info.game}`}>
      <div class="board-area">
        <div ref={host} class="board-host" />
      </div>
      <aside class="panel">
        <p class="status" data-testid="replay-status">
          {outcome
            ? t('game.ended', {
                result: t('game.result', {
                  result: (() => {
                    const winners = outcome.results.flatMap((r, i) => (r === 'win' ? [seatLabel(mod, view, i)] : []));
                    return winners.length > 0 ? t('game.winner', { player: listOf(winners) }) : t('game.draw');
                  })(),
                  reason: tOr(`game.reason.${outcome.reason}`, outcome.reason),
                }),
              })
            : info.aborted
              ? t('online.aborted', { player: listOf(info.aborted.map((seat) => seatLabel(mod, view, seat))) })
              : t('online.cancelled')}
        </p>
        <ul class="replay-players">
          {info.holders.map((holder, seat) => (
            <li key={seat}>
              {/* the holder says who played it (the AI and its level), so the seat is named plainly */}
              <span class="seat-name">{seatName(mod, view, seat)}</span> {holder}
            </li>
          ))}
        </ul>
        <p class="muted" data-testid="replay-about">
          {info.about}
        </p>
        {hidden && (
          <label for="replay-viewer" class="inline">
            <span>{t('replay.view')}</span>
            <select
              id="replay-viewer"
              value={String(viewer)}
              onChange={(e) => {
                const v = (e.currentTarget as HTMLSelectElement).value;
                setViewer(v === SPECTATOR ? SPECTATOR : Number(v));
              }}
            >
              <option value={SPECTATOR}>{t('replay.everyone')}</option>
              {Array.from({ length: info.seatCount }, (_, seat) => (
                <option key={seat} value={String(seat)}>
                  {seatLabel(mod, view, seat)}
                </option>
              ))}
            </select>
          </label>
        )}
        <MoveList
          mod={mod}
          view={view}
          records={mainRecords}
          cursor={cursor}
          end={end}
          review={reviewable ? review : undefined}
          onCursor={setCursor}
          go={go}
        />
        {reviewable && (
          <ReviewPanel
            review={review}
            names={seatNames(info.seatCount, (seat) => seatLabel(mod, view, seat))}
            current={cursor.onLine ? undefined : cursor.ply}
            onJump={(ply) => setCursor({ onLine: false, ply })}
          />
        )}
        <Exploration
          game={info.game}
          mod={mod}
          view={view}
          hidden={hidden}
          viewer={viewer}
          firstMove={firstMove}
          engineText={engineText}
          cursor={cursor}
          line={line}
          lineRecords={lineRecords}
          canAsk={legal.length > 0}
          onTrySetup={
            // a seat's setup: the board shown as a seat's (everyone's view deploys nothing)
            beforeBoard && !setupTried && legal.length > 0 && shownSeat !== SPECTATOR
              ? () => setSetupTried(true)
              : undefined
          }
          current={current}
          ask={ask}
          play={play}
          onCursor={setCursor}
          onBack={() => {
            setCursor({ onLine: false, ply: line!.from });
            setLine(undefined);
          }}
        />
        <RecordExport game={info.game} id={info.id} exported={exported} />
      </aside>
    </div>
  );
};
