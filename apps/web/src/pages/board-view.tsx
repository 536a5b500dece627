import type { Seat } from '@qiyuan/core';
import { useEffect, useLayoutEffect, useRef, useState } from 'preact/hooks';
import { useMoveKeys } from '../board/move-keys.js';
import type { BoardController, GameModule } from '../games/types.js';
import { listOf, t, tOr } from '../i18n/index.js';
import { engineRefusalText } from '../play/engine-refusals.js';
import type { Session, SessionView } from '../play/session.js';
import { settings } from '../settings.js';
import { cue } from '../sound.js';
import { useStore } from '../store.js';
import { seatLabel } from './seat-names.js';

const statusLine = (mod: GameModule, s: SessionView, you: boolean): string => {
  if (s.aborted) return t('online.aborted', { player: listOf(s.aborted.map((seat) => seatLabel(mod, s, seat))) });
  if (s.outcome) {
    const me = typeof s.viewer === 'number' && (s.ai.length > 0 || you) ? s.viewer : undefined;
    const reason = tOr(`game.reason.${s.outcome.reason}`, s.outcome.reason);
    let result: string;
    const ranking = s.outcome.ranking;
    // at a table of three or more a place is no loss: the second of three finished second, not lost
    const place = me !== undefined && ranking && ranking.length > 2 ? ranking[me] : undefined;
    if (place !== undefined && place > 1) result = t('game.yourPlace', { place, count: ranking!.length });
    else if (me !== undefined && s.outcome.results[me] === 'win') result = t('game.youWin');
    else if (me !== undefined && s.outcome.results[me] === 'loss') result = t('game.youLose');
    else {
      const winners = s.outcome.results.flatMap((r, i) => (r === 'win' ? [seatLabel(mod, s, i)] : []));
      result = winners.length > 0 ? t('game.winner', { player: listOf(winners) }) : t('game.draw');
    }
    return t('game.ended', { result: t('game.result', { result, reason }) });
  }
  // a seat of this screen's player that has left a game going on: the turns are the others' now
  const me = typeof s.viewer === 'number' && (s.ai.length > 0 || you) ? s.viewer : undefined;
  if (me !== undefined && mod.outSeats?.(s.view).includes(me)) {
    return t('game.youAreOut', { turn: s.thinking ? t('game.thinking') : turnLine(mod, s, false) });
  }
  if (s.thinking) return t('game.thinking');
  return turnLine(mod, s, you);
};

/** Whose turn it is, spoken to this screen's player when it is theirs. */
const turnLine = (mod: GameModule, s: SessionView, you: boolean): string => {
  const turn = s.turn;
  // against the AI the seat not the AI's is this screen's player, as online with one seat here
  if (turn.kind === 'seat' && (you || s.ai.length > 0) && s.mine.includes(turn.seat)) {
    return t('game.youToMoveAs', { player: seatLabel(mod, s, turn.seat) });
  }
  if (turn.kind === 'seat') return t('game.toMove', { player: seatLabel(mod, s, turn.seat) });
  if (turn.kind === 'team' || turn.kind === 'simultaneous') {
    return t('game.toMove', { player: listOf(turn.seats.map((x) => seatLabel(mod, s, x))) });
  }
  return '';
};

/** How the game ended for this screen's player, for the result banner's colour: none while it goes on. */
const outcomeFor = (s: SessionView, you: boolean): 'win' | 'loss' | 'draw' | 'over' | undefined => {
  if (s.aborted) return 'over';
  if (!s.outcome) return undefined;
  const me = typeof s.viewer === 'number' && (s.ai.length > 0 || you) ? s.viewer : undefined;
  const result = me === undefined ? undefined : s.outcome.results[me];
  if (result === 'win' || result === 'loss') return result;
  return s.outcome.results.every((r) => r === 'draw') ? 'draw' : 'over';
};

/**
 * The sounds of a game as it goes on, the same at one screen, against the AI and online: a move or a capture when
 * the game gains one ply, a chord when it ends. Nothing sounds for what was already there when the page opened
 * (an online game's first frame, a resumed game) nor for a take-back.
 */
const useGameSounds = (mod: GameModule, s: SessionView): void => {
  const before = useRef<SessionView | undefined>(undefined);
  useEffect(() => {
    const b = before.current;
    before.current = s;
    if (!b || b.view === null || b.view === undefined || b.game !== s.game) return;
    if (s.outcome && !b.outcome) {
      cue('end');
      return;
    }
    const record = s.record[s.ply - 1];
    if (s.ply !== b.ply + 1 || !record) return;
    cue(mod.captured?.(b.view, s.view, record) ? 'capture' : 'move');
  }, [s]);
};

/**
 * The playing area shared by local and online games: the board (drawn by the
 * game's framework-free module), the status, the move list with navigation
 * and the game's actions.
 */
export const BoardView = ({
  mod,
  session,
  hotseatHidden,
  canTakeback = true,
  extra,
  actions,
  after,
  you = false,
  replayHref,
}: {
  mod: GameModule;
  session: Session;
  hotseatHidden: boolean;
  canTakeback?: boolean;
  extra?: preact.ComponentChildren;
  /** Replaces the local game's actions (online games: offers to the other players). */
  actions?: preact.ComponentChildren;
  /** Shown at the end of the panel (the online chat). */
  after?: preact.ComponentChildren;
  /** The status speaks to this screen's player ("Your move", "You win"): online, one seat here. */
  you?: boolean;
  /** Where this game's replay opens once it is over (a game kept on this device). */
  replayHref?: string;
}) => {
  const s = useStore(session.state);
  const cfg = useStore(settings);
  useGameSounds(mod, s);
  const host = useRef<HTMLDivElement>(null);
  const board = useRef<BoardController | undefined>(undefined);
  const [browse, setBrowse] = useState<number | undefined>(undefined);
  const [revealedFor, setRevealedFor] = useState<Seat | undefined>(undefined);
  const viewerSeat = typeof s.viewer === 'number' ? s.viewer : 0;
  const curtain =
    hotseatHidden &&
    !s.outcome &&
    revealedFor !== viewerSeat &&
    s.mine.length > 1 &&
    (mod.concealsNow?.(s.view) ?? true);

  useLayoutEffect(() => {
    if (!host.current) return;
    const b = mod.createBoard(host.current, { play: (m) => session.play(m) });
    board.current = b;
    return () => {
      b.destroy();
      board.current = undefined;
    };
  }, [mod, session]);

  // A layout effect, so the board is redrawn (concealed, at one screen with hidden pieces) before the browser paints
  // the frame that shows the curtain: no frame ever holds the previous seat's pieces behind it.
  useLayoutEffect(() => {
    if (!board.current) return;
    const browsing = browse !== undefined && browse < s.ply;
    const view = browsing ? (session.viewAt(browse) ?? s.view) : s.view;
    // an online session has no view until the server's first frame arrives
    if (view === null || view === undefined) return;
    board.current.update({
      view,
      viewer: s.viewer,
      bottom: viewerSeat,
      turn: s.turn,
      legal: browsing || curtain ? [] : s.legal,
      lastMove: browsing ? s.record[browse - 1] : s.record[s.ply - 1],
      outcome: s.outcome,
      browsing,
      records: browsing ? s.record.slice(0, browse) : s.record,
      concealed: curtain,
      look: { pieces: cfg.pieces, coordinates: cfg.coordinates },
    });
  }, [s, browse, curtain, cfg.language, cfg.pieces, cfg.coordinates]);

  const go = (ply: number | undefined) => setBrowse(ply === undefined || ply >= s.ply ? undefined : Math.max(0, ply));
  const shown = browse ?? s.ply;
  const list = useRef<HTMLOListElement>(null);

  // arrows and Home/End step through the moves from anywhere but a text field or the board (which uses them itself)
  useMoveKeys((step) => {
    if (step === 'back') go(shown - 1);
    else if (step === 'forward') go(shown + 1);
    else if (step === 'up' || step === 'first') go(0);
    else go(undefined);
  });

  // the move shown stays in sight in a long list: the list scrolls, never the page (scrollIntoView would scroll the
  // page too, and on a phone the AI's first move carried the player away from the board)
  useEffect(() => {
    const l = list.current;
    const item = l?.querySelector('[aria-current="step"]');
    if (!l || !item) return;
    const outer = l.getBoundingClientRect();
    const inner = item.getBoundingClientRect();
    if (inner.top < outer.top) l.scrollTop -= outer.top - inner.top;
    else if (inner.bottom > outer.bottom) l.scrollTop += inner.bottom - outer.bottom;
  }, [shown, s.record.length]);
  // hidden-information games show no earlier board (a seat's own past views are not kept)
  const browsingHidden = browse !== undefined && browse < s.ply && mod.hidden(s.options);
  const mustPass = s.legal.length === 1 && s.legal[0] === 'pass';
  const status = statusLine(mod, s, you);
  const outcome = outcomeFor(s, you);

  return (
    <div class={`game-layout game-${s.game}`}>
      <div class="board-area">
        {/* on a phone the panel is under the board, out of sight: whose turn it is stays over the board (the panel's
            line is the one read aloud) */}
        <p class="status-bar" aria-hidden="true" data-outcome={outcome}>
          {status}
        </p>
        <div ref={host} class="board-host" aria-hidden={curtain ? 'true' : undefined} />
        {curtain && (
          <div class="curtain" role="dialog" aria-modal="true" aria-labelledby="curtain-title">
            <p id="curtain-title">{t('game.passDevice', { player: seatLabel(mod, s, viewerSeat) })}</p>
            <p class="muted">{t('game.passDeviceHint')}</p>
            <button type="button" class="primary" data-testid="reveal" onClick={() => setRevealedFor(viewerSeat)}>
              {t('game.ready', { player: seatLabel(mod, s, viewerSeat) })}
            </button>
          </div>
        )}
      </div>
      <aside class="panel">
        <p class="status turn" role="status" data-testid="status" data-outcome={outcome}>
          {status}
        </p>
        {s.error && (
          <p class="error" role="alert">
            {engineRefusalText(s.error)}
          </p>
        )}
        {mustPass && !curtain && (
          <button type="button" class="primary" data-testid="pass" onClick={() => session.play('pass')}>
            {t('game.mustPass')}
          </button>
        )}
        {extra}
        <section aria-labelledby="moves-title" class="moves">
          <h2 id="moves-title">{t('game.moves')}</h2>
          {s.record.length === 0 ? (
            <p class="muted">{t('game.noMoves')}</p>
          ) : (
            <ol data-testid="move-list" ref={list}>
              {s.record.map((r) => (
                <li key={r.ply}>
                  <button
                    type="button"
                    class={r.ply + 1 === shown ? 'current' : ''}
                    aria-current={r.ply + 1 === shown ? 'step' : undefined}
                    onClick={() => go(r.ply + 1)}
                  >
                    <span class="who">{seatLabel(mod, s, r.seat)}</span> {mod.moveText?.(r) ?? r.notation}
                  </button>
                </li>
              ))}
            </ol>
          )}
          <div class="nav-buttons">
            <button type="button" aria-label={t('game.first')} title={t('game.first')} onClick={() => go(0)}>
              «
            </button>
            <button type="button" aria-label={t('game.prev')} title={t('game.prev')} onClick={() => go(shown - 1)}>
              ‹
            </button>
            <button type="button" aria-label={t('game.next')} title={t('game.next')} onClick={() => go(shown + 1)}>
              ›
            </button>
            <button type="button" aria-label={t('game.last')} title={t('game.last')} onClick={() => go(undefined)}>
              »
            </button>
          </div>
          {browsingHidden && <p class="muted">{t('online.noEarlierBoard')}</p>}
        </section>
        {actions}
        {!actions && !s.outcome && (
          <div class="actions">
            {canTakeback && (
              <button type="button" data-testid="takeback" onClick={() => session.takeback()} disabled={s.ply === 0}>
                {t('game.takeback')}
              </button>
            )}
            {s.ai.length === 0 && (
              <button type="button" data-testid="draw" onClick={() => session.offerDraw(viewerSeat)}>
                {t('game.offerDraw')}
              </button>
            )}
            <ResignButton label={t('game.resign')} onResign={() => session.resign(viewerSeat)} />
          </div>
        )}
        {!actions && s.outcome && (
          <div class="actions">
            {replayHref && (
              <a class="button primary" href={replayHref} data-testid="replay-link">
                {t('online.replay')}
              </a>
            )}
            <a class="button" href="#/">
              {t('game.rematch')}
            </a>
          </div>
        )}
        {after}
      </aside>
    </div>
  );
};

/** Resigning asks once more: a misplaced click must not lose a game. */
export const ResignButton = ({ label, onResign }: { label: string; onResign: () => void }) => {
  const [confirm, setConfirm] = useState(false);
  return confirm ? (
    <fieldset class="confirm">
      <legend class="sr-only">{t('game.confirmResign')}</legend>
      {t('game.confirmResign')}
      <button
        type="button"
        class="danger"
        data-testid="resign-yes"
        onClick={() => {
          setConfirm(false);
          onResign();
        }}
      >
        {t('game.yes')}
      </button>
      <button type="button" onClick={() => setConfirm(false)}>
        {t('game.no')}
      </button>
    </fieldset>
  ) : (
    <button type="button" data-testid="resign" onClick={() => setConfirm(true)}>
      {label}
    </button>
  );
};
