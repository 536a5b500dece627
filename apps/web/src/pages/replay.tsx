import type { Game, GameId, Outcome, PlayRecord, Seat, Viewer } from '@qiyuan/core';
import { actingSeats, SPECTATOR } from '@qiyuan/core';
import type { ClockSpec } from '@qiyuan/protocol';
import type { ComponentChildren } from 'preact';
import { useEffect, useMemo, useRef, useState } from 'preact/hooks';
import { encodeBoard } from '../analysis/link.js';
import { EMPTY_TREE } from '../analysis/tree.js';
import { useMoveKeys } from '../board/move-keys.js';
import { type BoardController, type GameModule, loadGame } from '../games/types.js';
import { formatDateTime } from '../i18n/format.js';
import { listOf, t, tOr } from '../i18n/index.js';
import { account } from '../online/account.js';
import { type GameSummary, getJson } from '../online/client.js';
import { clockText, holderName, signed, speedText } from '../online/names.js';
import type { AiAsk } from '../play/ai-ask.js';
import { engineRefusalText } from '../play/engine-refusals.js';
import { type LocalSave, loadSave, type SessionView } from '../play/session.js';
import { routeHref } from '../router.js';
import { settings } from '../settings.js';
import { useStore } from '../store.js';
import { seatLabel, seatName } from './board-view.js';
import { FairDeal } from './fair-deal.js';
import { positionInput } from './position-input.js';
import { type RecordContext, withHeaders } from './record-headers.js';
import { ReviewMark, ReviewPanel, type ReviewState, seatNames, useReview } from './review.js';

/** `GET /api/games/:id`. */
interface StoredGame extends GameSummary {
  readonly options: Record<string, unknown>;
  readonly clock: ClockSpec;
  readonly records: readonly PlayRecord[];
  readonly finishedAt: number | null;
  /** The commitment to the server's seed, and its salt once the game is over (docs/FAIRPLAY.md). */
  readonly commitment?: string;
  readonly salt?: string;
  /** The computer review of a finished game (./review.tsx). */
  readonly review?: ReviewState;
}

/** The commitment of a stored game, with its seed and salt once they are revealed, for the export's headers. */
const fairDealOf = (stored: StoredGame): NonNullable<RecordContext['fairDeal']> => {
  const seed = stored.options.seed;
  return {
    commitment: stored.commitment as string,
    ...(stored.salt !== undefined && (typeof seed === 'string' || typeof seed === 'number')
      ? { seed, salt: stored.salt }
      : {}),
  };
};

/** An exploration off the game: moves (in notation) played from ply `from` of the game. */
interface Line {
  readonly from: number;
  readonly moves: readonly string[];
}

/** Where the board is: on the game or on the explored line, at an absolute ply. */
interface Cursor {
  readonly onLine: boolean;
  readonly ply: number;
}

/** What the replay says about a game besides its moves, whether the server or this device kept it. */
interface ReplayInfo {
  readonly id: string;
  readonly game: GameId;
  readonly options: Readonly<Record<string, unknown>>;
  readonly seatCount: number;
  /** The seat this browser played, or -1 (at one screen every seat was played here: none is singled out). */
  readonly mySeat: number;
  readonly aiSeats: readonly Seat[];
  /** Who held each seat: a name (with a profile link and a rating change online), the AI, or this screen. */
  readonly holders: readonly ComponentChildren[];
  /** One line on when and how the game was played. */
  readonly about: string;
  /**
   * How the game ended, as its record says: a resignation, a flag fall or an agreed draw is no move, so the moves
   * replayed alone do not know it. Undefined only for a game that never ended (aborted).
   */
  readonly outcome: Outcome | undefined;
  /** An online game aborted without a result: the seats that made no first move. */
  readonly aborted?: readonly Seat[] | undefined;
  /** Where, when and between whom it was played: the exported record's headers. */
  readonly record: RecordContext;
}

interface Ready {
  readonly info: ReplayInfo;
  readonly mod: GameModule;
  /** The whole game as the engine knows it, at its end. */
  readonly final: Game;
  /** Its record in the game's own notation, to copy or download; undefined when it could not be made. */
  readonly exported: string | undefined;
}

type Loaded =
  | { kind: 'loading' }
  | { kind: 'missing' }
  | { kind: 'live'; stored: StoredGame }
  | { kind: 'unfinished' }
  | ({ kind: 'server'; stored: StoredGame } & Omit<Ready, 'info'>)
  | ({ kind: 'device' } & Ready);

const stringify = (o: Record<string, unknown>): Record<string, string> =>
  Object.fromEntries(Object.entries(o).map(([k, v]) => [k, String(v)]));

/**
 * The whole game, as the engine knows it: from its export (all hidden
 * information of a finished game, e.g. Junqi's deployments), else replayed
 * from the public record.
 */
const rebuild = (mod: GameModule, stored: StoredGame, exported: string | undefined): Game | undefined => {
  const def = mod.definition;
  if (exported !== undefined) {
    const g = def.parseGame(exported);
    if (g.ok && g.value.ply === stored.records.length) return g.value;
  }
  const o = def.parseOptions(stored.options);
  const o2 = o.ok ? o : def.parseOptions(stringify(stored.options));
  if (!o2.ok) return undefined;
  const g = def.create(o2.value);
  if (!g.ok) return undefined;
  for (const r of stored.records) {
    const m = g.value.parseMove(r.notation, r.seat);
    if (!m.ok || !g.value.play(m.value, r.seat).ok) return undefined;
  }
  return g.value;
};

/** The game at `ply` of the game, then the line's moves up to the cursor. */
const positionAt = (final: Game, line: Line | undefined, cursor: Cursor): Game | undefined => {
  const base = cursor.onLine && line ? Math.min(line.from, cursor.ply) : cursor.ply;
  const g = final.clone();
  while (g.ply > base) if (!g.undo().ok) return undefined;
  if (cursor.onLine && line) {
    for (const text of line.moves.slice(0, cursor.ply - line.from)) {
      const seat = actingSeats(g.turn()).find((s) => g.parseMove(text, s).ok);
      if (seat === undefined) return undefined;
      const m = g.parseMove(text, seat);
      if (!m.ok || !g.play(m.value, seat).ok) return undefined;
    }
  }
  return g;
};

/** The AI's suggestion for the position shown, from the same Web Worker as games against the AI. */
interface Suggestion {
  readonly key: string;
  readonly move?: string;
  readonly score?: number;
  /** The code of the AI's refusal, worded in the player's language when shown. */
  readonly error?: string;
}

const Analysis = ({
  info,
  mod,
  final,
  exported: engineText,
  review: storedReview,
  reviewable = false,
}: Ready & { review?: ReviewState | undefined; reviewable?: boolean }) => {
  // the engine's record of the game, with the headers of where, when and between whom it was played
  const exported = engineText === undefined ? undefined : withHeaders(info.game, engineText, info.record, mod.withTags);
  const cfg = useStore(settings);
  const mySeat = info.mySeat;
  const hidden = mod.hidden(info.options);
  const [viewer, setViewer] = useState<Viewer>(mySeat >= 0 ? mySeat : hidden ? 0 : SPECTATOR);
  const [line, setLine] = useState<Line | undefined>();
  const [cursor, setCursor] = useState<Cursor>({ onLine: false, ply: 0 });
  const [suggestion, setSuggestion] = useState<Suggestion | undefined>();
  const [copied, setCopied] = useState(false);
  const review = useReview(info.id, storedReview);
  const host = useRef<HTMLDivElement>(null);
  const board = useRef<BoardController | undefined>(undefined);
  const worker = useRef<Worker | undefined>(undefined);
  const total = final.ply;
  const lineEnd = line ? line.from + line.moves.length : total;
  const end = cursor.onLine ? lineEnd : total;
  const game = useMemo(() => positionAt(final, line, cursor), [final, line, cursor]);
  const mainRecords = useMemo(
    () => Array.from({ length: total }, (_, p) => final.recordFor(viewer, p)),
    [final, viewer, total],
  );
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
  const playRef = useRef(play);
  playRef.current = play;

  useEffect(() => {
    if (!host.current) return;
    const b = mod.createBoard(host.current, { play: (m) => playRef.current(m) });
    board.current = b;
    return () => {
      b.destroy();
      board.current = undefined;
      worker.current?.terminate();
      worker.current = undefined;
    };
  }, [mod]);

  // the seat shown: the chosen one; in the explored line of a game without secrets, the seat to move
  const acting = game ? actingSeats(game.turn()) : [];
  const shownSeat: Viewer = cursor.onLine && !hidden && acting.length > 0 ? acting[0]! : viewer;
  const legal = useMemo(() => {
    if (!game || game.outcome()) return [];
    const seat = acting.find((s) => game.legalMoves(s).length > 0);
    return seat === undefined ? [] : game.legalMoves(seat).map((m) => game.moveToString(m));
  }, [game]);

  useEffect(() => {
    if (!board.current || !game) return;
    board.current.update(
      positionInput(
        game,
        shownSeat,
        { bottom: typeof viewer === 'number' ? viewer : 0, legal, browsing: false },
        {
          pieces: cfg.pieces,
          coordinates: cfg.coordinates,
        },
      ),
    );
  }, [game, shownSeat, viewer, legal, cfg.language, cfg.pieces, cfg.coordinates]);

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

  const ask = () => {
    if (!game || game.outcome()) return;
    const seat = acting.find((s) => game.legalMoves(s).length > 0);
    if (seat === undefined) return;
    setSuggestion({ key });
    const w = (worker.current ??= new Worker(new URL('../play/ai.worker.ts', import.meta.url), { type: 'module' }));
    const asked = key;
    w.onmessage = (
      e: MessageEvent<{ ok: boolean; move?: string; info?: { score?: number }; error?: { code: string } }>,
    ) => {
      setSuggestion((cur) =>
        cur?.key !== asked
          ? cur
          : e.data.ok
            ? {
                key: asked,
                move: e.data.move,
                ...(e.data.info?.score !== undefined ? { score: e.data.info.score } : {}),
              }
            : { key: asked, error: e.data.error?.code ?? 'ai' },
      );
    };
    w.onerror = () => setSuggestion({ key: asked, error: 'ai' });
    // the game is over: analysis may see everything the seat to move's AI may see
    const request: AiAsk = { id: 1, game: info.game, player: '4', seat, snapshot: game.snapshot() };
    w.postMessage(request);
  };

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
  const lineRecords = line
    ? (() => {
        const g = positionAt(final, line, { onLine: true, ply: line.from });
        if (!g) return [];
        const out: { seat: Seat; text: string }[] = [];
        for (const text of line.moves) {
          const seat = actingSeats(g.turn()).find((s) => g.parseMove(text, s).ok) ?? 0;
          out.push({ seat, text });
          const m = g.parseMove(text, seat);
          if (m.ok) g.play(m.value, seat);
        }
        return out;
      })()
    : [];
  const outcome = info.outcome;
  const download = () => {
    if (exported === undefined) return;
    const a = document.createElement('a');
    a.href = URL.createObjectURL(new Blob([exported], { type: 'text/plain;charset=utf-8' }));
    a.download = `qiyuan-${info.game}-${info.id}.txt`;
    a.click();
    setTimeout(() => URL.revokeObjectURL(a.href), 1000);
  };
  const current = suggestion?.key === key ? suggestion : undefined;
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
        <section aria-labelledby="replay-moves" class="moves">
          <h2 id="replay-moves">{t('game.moves')}</h2>
          {mainRecords.length === 0 ? (
            <p class="muted">{t('game.noMoves')}</p>
          ) : (
            <ol data-testid="move-list">
              {mainRecords.map((r) => {
                const here = !cursor.onLine && r.ply + 1 === cursor.ply;
                return (
                  <li key={r.ply}>
                    <button
                      type="button"
                      class={here ? 'current' : ''}
                      aria-current={here ? 'step' : undefined}
                      onClick={() => setCursor({ onLine: false, ply: r.ply + 1 })}
                    >
                      <span class="who">{seatLabel(mod, view, r.seat)}</span> {mod.moveText?.(r) ?? r.notation}
                      {reviewable && (
                        <ReviewMark review={review} ply={r.ply} text={(m) => mod.moveText?.(m) ?? m.notation} />
                      )}
                    </button>
                  </li>
                );
              })}
            </ol>
          )}
          <div class="nav-buttons">
            <button
              type="button"
              aria-label={t('game.first')}
              title={t('game.first')}
              data-testid="nav-first"
              onClick={() => go(0, false)}
            >
              «
            </button>
            <button
              type="button"
              aria-label={t('game.prev')}
              title={t('game.prev')}
              data-testid="nav-prev"
              onClick={() => go(cursor.ply - 1)}
            >
              ‹
            </button>
            <button
              type="button"
              aria-label={t('game.next')}
              title={t('game.next')}
              data-testid="nav-next"
              onClick={() => go(cursor.ply + 1)}
            >
              ›
            </button>
            <button
              type="button"
              aria-label={t('game.last')}
              title={t('game.last')}
              data-testid="nav-last"
              onClick={() => go(end)}
            >
              »
            </button>
          </div>
          <p class="muted" data-testid="replay-ply">
            {cursor.ply} / {end}
          </p>
        </section>
        {reviewable && (
          <ReviewPanel
            review={review}
            names={seatNames(info.seatCount, (seat) => seatLabel(mod, view, seat))}
            current={cursor.onLine ? undefined : cursor.ply}
            onJump={(ply) => setCursor({ onLine: false, ply })}
          />
        )}
        <section aria-labelledby="analysis-title" class="analysis">
          <h2 id="analysis-title">{t('replay.analysis')}</h2>
          {engineText !== undefined && (
            <a
              class="button"
              data-testid="open-analysis"
              href={routeHref({
                page: 'analysis',
                game: info.game,
                // the game's own record, its moves the board's main line, opened at the ply shown (the game is over)
                state: encodeBoard({
                  start: { options: {}, position: engineText },
                  tree: EMPTY_TREE,
                  path: Array.from({ length: cursor.onLine && line ? line.from : cursor.ply }, () => 0),
                }),
              })}
            >
              {t('nav.analyse')}
            </a>
          )}
          <p class="muted">{t('replay.analysisHint')}</p>
          {line && (
            <div class="line" data-testid="line">
              <h3>
                {t('replay.line')} <small class="muted">{t('replay.fromPly', { n: line.from + 1 })}</small>
              </h3>
              <ol start={line.from + 1}>
                {lineRecords.map((r, i) => {
                  const ply = line.from + i + 1;
                  const here = cursor.onLine && cursor.ply === ply;
                  return (
                    <li key={ply}>
                      <button
                        type="button"
                        class={here ? 'current' : ''}
                        aria-current={here ? 'step' : undefined}
                        onClick={() => setCursor({ onLine: true, ply })}
                      >
                        <span class="who">{seatLabel(mod, view, r.seat)}</span> {r.text}
                      </button>
                    </li>
                  );
                })}
              </ol>
              <button
                type="button"
                data-testid="back-to-game"
                onClick={() => {
                  setCursor({ onLine: false, ply: line.from });
                  setLine(undefined);
                }}
              >
                {t('replay.backToGame')}
              </button>
            </div>
          )}
          <button type="button" data-testid="ask-ai" disabled={legal.length === 0} onClick={ask}>
            {t('replay.ask')}
          </button>
          {current && !current.move && !current.error && <p aria-busy="true">{t('replay.thinking')}</p>}
          {current?.move && (
            <p data-testid="suggestion">
              {t('replay.suggestion', { move: current.move })}
              {current.score !== undefined && (
                <small class="muted"> · {t('replay.score', { score: current.score })}</small>
              )}{' '}
              <button type="button" onClick={() => play(current.move!)}>
                {t('replay.play')}
              </button>
            </p>
          )}
          {current?.error !== undefined && (
            <p class="error" data-testid="ai-problem">
              {engineRefusalText(current.error)}
            </p>
          )}
        </section>
        <section aria-labelledby="export-title" class="export">
          <h2 id="export-title">{t('replay.export')}</h2>
          {exported === undefined ? (
            <p class="error">{t('replay.exportFailed')}</p>
          ) : (
            <>
              <textarea readOnly rows={4} data-testid="export" aria-labelledby="export-title" value={exported} />
              <div class="actions">
                <button
                  type="button"
                  data-testid="copy-export"
                  onClick={() => void navigator.clipboard?.writeText(exported).then(() => setCopied(true))}
                >
                  {copied ? t('replay.copied') : t('replay.copy')}
                </button>
                <button type="button" data-testid="download-export" onClick={download}>
                  {t('replay.download')}
                </button>
              </div>
            </>
          )}
        </section>
      </aside>
    </div>
  );
};

/** A server game's players as the replay lists them: profile links for accounts, rating changes; mine singled out. */
const ServerAnalysis = ({ stored, ...ready }: Omit<Ready, 'info'> & { stored: StoredGame }) => {
  const me = useStore(account).user;
  const info: ReplayInfo = {
    id: stored.id,
    game: stored.game,
    options: stored.options,
    seatCount: stored.seats.length,
    mySeat: stored.seats.findIndex((h) => h.kind === 'user' && h.user.id === me?.id),
    aiSeats: stored.seats.flatMap((h, i) => (h.kind === 'ai' ? [i] : [])),
    holders: stored.seats.map((h, seat) => {
      const c = stored.ratingChange?.[seat];
      return (
        <>
          {h.kind === 'user' && !h.user.guest ? (
            <a href={`#/profile/${encodeURIComponent(h.user.name)}`}>{holderName(h)}</a>
          ) : (
            holderName(h)
          )}
          {c && (
            <small class="muted">
              {' '}
              {c.after} ({signed(c.after - c.before)})
            </small>
          )}
        </>
      );
    }),
    outcome: ready.final.outcome() ?? stored.outcome ?? undefined,
    aborted: stored.aborted?.seats,
    record: {
      event: `Qiyuan ${stored.rated ? 'rated' : 'casual'} ${stored.speed} game`,
      site: location.origin,
      date: new Date(stored.createdAt),
      players: stored.seats.map((h) => holderName(h)),
      outcome: ready.final.outcome() ?? stored.outcome ?? undefined,
      clock: stored.clock,
      ...(stored.commitment === undefined ? {} : { fairDeal: fairDealOf(stored) }),
    },
    about: `${t('replay.started', { date: formatDateTime(stored.createdAt) })} · ${clockText(stored.clock)} · ${speedText(stored.speed)} · ${stored.rated ? t('online.rated') : t('online.casual')}`,
  };
  return (
    <>
      <Analysis info={info} {...ready} review={stored.review} reviewable={stored.status === 'finished'} />
      {stored.commitment !== undefined && stored.salt !== undefined && (
        <FairDeal
          mod={ready.mod}
          gameId={stored.id}
          options={stored.options}
          commitment={stored.commitment}
          salt={stored.salt}
        />
      )}
    </>
  );
};

/** A game kept on this device, once over: the whole game from its snapshot (hidden pieces included), its record. */
const fromDevice = (save: LocalSave, mod: GameModule): Ready | undefined => {
  let final: ReturnType<GameModule['definition']['fromSnapshot']>;
  try {
    final = mod.definition.fromSnapshot(save.snapshot);
  } catch {
    // a save damaged in storage may trip the engine up: the page says it cannot be found rather than breaking
    return undefined;
  }
  if (!final.ok) return undefined;
  let exported: string | undefined;
  try {
    exported = mod.definition.exportGame(final.value);
  } catch {
    exported = undefined;
  }
  const seatCount = final.value.seatCount;
  // against the AI the player's own seat is singled out (and seen from); at one screen every seat was played here
  const mySeat =
    save.mode === 'ai'
      ? (Array.from({ length: seatCount }, (_, i) => i).find((i) => !save.aiSeats.includes(i)) ?? -1)
      : -1;
  return {
    mod,
    final: final.value,
    exported,
    info: {
      id: save.id,
      game: save.game,
      options: save.options,
      seatCount,
      mySeat,
      aiSeats: save.aiSeats,
      holders: Array.from({ length: seatCount }, (_, seat) =>
        save.aiSeats.includes(seat) ? t('replay.aiLevel', { n: save.level }) : t('replay.here'),
      ),
      outcome: final.value.outcome(),
      record: {
        event: save.mode === 'ai' ? 'Qiyuan game against the AI' : 'Qiyuan game at one screen',
        site: location.origin,
        date: new Date(save.created),
        players: Array.from({ length: seatCount }, (_, seat) =>
          save.aiSeats.includes(seat) ? `Qiyuan AI level ${save.level}` : `Player ${seat + 1}`,
        ),
        outcome: final.value.outcome(),
        clock: undefined,
      },
      about: t('replay.onDevice', { mode: t(`modes.${save.mode}`), date: formatDateTime(save.created) }),
    },
  };
};

/**
 * A finished game move by move, its export, and free analysis from any position: a game from the server
 * (`#/replay/<id>`), or one played on this device, at one screen or against the AI (`#/local/<id>/replay`), which
 * needs no server at all.
 */
export const ReplayPage = ({ id, device = false }: { id: string; device?: boolean | undefined }) => {
  const [state, setState] = useState<Loaded>({ kind: 'loading' });
  useEffect(() => {
    let live = true;
    void (async () => {
      if (device) {
        const save = loadSave(id);
        if (!save) return setState({ kind: 'missing' });
        const mod = await loadGame(save.game).catch(() => undefined);
        if (!live) return;
        const ready = mod && fromDevice(save, mod);
        if (!ready) return setState({ kind: 'missing' });
        if (!ready.final.outcome()) return setState({ kind: 'unfinished' });
        return setState({ kind: 'device', ...ready });
      }
      const r = await getJson<StoredGame>(`api/games/${encodeURIComponent(id)}`);
      if (!live) return;
      if (!r.ok) return setState({ kind: 'missing' });
      const stored = r.value;
      if (stored.status !== 'finished' && stored.status !== 'aborted') return setState({ kind: 'live', stored });
      const [mod, exported] = await Promise.all([
        loadGame(stored.game),
        fetch(`api/games/${encodeURIComponent(id)}/export`)
          .then((x) => (x.ok ? x.text() : undefined))
          .catch(() => undefined),
      ]);
      if (!live) return;
      const final = rebuild(mod, stored, exported);
      if (!final) return setState({ kind: 'missing' });
      setState({ kind: 'server', stored, mod, final, exported });
    })();
    return () => {
      live = false;
    };
  }, [id, device]);
  if (state.kind === 'loading') return <p aria-busy="true">{t('replay.loading')}</p>;
  if (state.kind === 'missing')
    return (
      <div>
        <p class="error">{t('replay.notFound')}</p>
        <a href="#/">{t('online.lobby')}</a>
      </div>
    );
  if (state.kind === 'unfinished')
    return (
      <div>
        <p>{t('replay.localNotOver')}</p>
        <a class="button primary" href={routeHref({ page: 'local', id })}>
          {t('replay.backToLocal')}
        </a>
      </div>
    );
  if (state.kind === 'live')
    return (
      <div>
        <p>{t('replay.notOver')}</p>
        <a class="button primary" href={`#/online/${encodeURIComponent(id)}`}>
          {t('replay.watchLive')}
        </a>
      </div>
    );
  const game = state.kind === 'server' ? state.stored.game : state.info.game;
  return (
    <div class="replay" data-testid="replay">
      <h1 class="game-title">
        {t(`games.${game}`)} · {t('replay.title')}
      </h1>
      {state.kind === 'server' ? (
        <ServerAnalysis stored={state.stored} mod={state.mod} final={state.final} exported={state.exported} />
      ) : (
        <Analysis info={state.info} mod={state.mod} final={state.final} exported={state.exported} />
      )}
    </div>
  );
};
