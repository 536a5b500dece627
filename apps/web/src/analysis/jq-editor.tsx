import { type Board, boardFor, PRESET_NAMES, type PresetName, RANK_LETTERS } from '@qiyuan/junqi';
import { useEffect, useMemo, useRef, useState } from 'preact/hooks';
import { type JqBoardEvents, type JqScene, type JqTile, JunqiBoard } from '../board/junqi.js';
import { armyName, boardText, coloursFor, rankName, tileText } from '../games/junqi.js';
import { i18n, t } from '../i18n/index.js';
import { settings } from '../settings.js';
import {
  complete,
  fillRest,
  freshRng,
  moveOrSwap,
  type Problem,
  palette,
  pickUp,
  place,
  presetArmy,
  problems,
  type Refusal,
  randomArmy,
  readDeployments,
  replaceArmy,
  resizeDeployments,
} from './jq-deploy.js';
import { refusalText as readRefusalText } from './refusals.js';

/** The palette's order, as a player counts an army: the 司令 first, the flag last. */
const PALETTE_ORDER = ['9', '8', '7', '6', '5', '4', '3', '2', '1', 'B', 'M', 'F'].map((l) => RANK_LETTERS.indexOf(l));

/** A piece chosen from an army's palette, waiting for a point. */
interface Hand {
  readonly army: number;
  readonly rank: number;
}

interface Said {
  readonly text: string;
  readonly refused: boolean;
}

const letter = (rank: number): string => RANK_LETTERS[rank] ?? '?';
const slotOf = (row: number, col: number): number => (row - 1) * 5 + col;
const pointOfSlot = (board: Board, army: number, slot: number): number =>
  board.at(army, Math.floor(slot / 5) + 1, slot % 5);

/** A refusal in the player's words: what may not go where, and the rule that says so. */
const refusalText = (board: Board, players: number, army: number, r: Refusal, point?: number): string => {
  const at = point ?? (r.slot !== undefined ? pointOfSlot(board, army, r.slot) : undefined);
  return String(
    t(`analysis.jq.refuse.${r.code}`, {
      rank: r.rank !== undefined ? rankName(letter(r.rank)) : '',
      point: at !== undefined ? (board.points[at]?.name ?? '') : '',
      army: armyName(players, army),
    }),
  );
};

const problemText = (board: Board, army: number, p: Problem): string => {
  const rank = p.rank !== undefined ? rankName(letter(p.rank)) : '';
  if (p.code === 'more') return String(t('junqiUi.problem.more', { n: p.n }));
  if (p.code === 'over') return String(t('analysis.jq.over', { rank, n: p.n }));
  const point = p.slot !== undefined ? (board.points[pointOfSlot(board, army, p.slot)]?.name ?? '') : '';
  return i18n.exists(`junqiUi.problem.${p.code}`)
    ? String(t(`junqiUi.problem.${p.code}`, { point, rank }))
    : String(t('junqiUi.problem.other', { code: p.code }));
};

/**
 * What keeps the armies of `text` from being set up, in the player's words (the first army not ready and its first
 * problem, or the first army whose text cannot be read and where), so the editor refuses before the engine does in
 * its own terms; none when every army read is complete.
 */
export const deploymentRefusal = (text: string, players: number): string | undefined => {
  const board = boardFor(players);
  const { armies, unread } = readDeployments(text, players);
  const notRead = unread[0];
  if (notRead)
    return String(
      t('analysis.jq.unread', { army: armyName(players, notRead.army), reason: readRefusalText(notRead.refusal) }),
    );
  for (const [army, setup] of armies.entries()) {
    const p = problems(setup)[0];
    if (p)
      return String(t('analysis.jq.notReady', { army: armyName(players, army), problem: problemText(board, army, p) }));
  }
  return undefined;
};

/**
 * Junqi's deployments placed by hand, every piece face up: each army's pieces left to place as a palette with
 * counts; a piece chosen there goes on a point of its army's area, a placed piece is picked up and moved or swapped
 * with another, or taken back to the palette (drag it there, click the palette, or press Delete). A placement the
 * engine would refuse is refused here with its rule; the armies' text (the editor's `setups` field) follows every
 * change, and a pasted text shows on the board.
 */
export const JunqiDeployEditor = ({
  players,
  text,
  onChange,
}: {
  /** The board field: 2 on the two-player board, 3 or 4 on the four-player one. */
  players: number;
  text: string;
  onChange: (text: string) => void;
}) => {
  const board = boardFor(players);
  const { armies, unread } = useMemo(() => readDeployments(text, players), [text, players]);
  const [hand, setHand] = useState<Hand | undefined>(undefined);
  const [said, setSaid] = useState<Said | undefined>(undefined);
  const [presets, setPresets] = useState<Record<number, PresetName>>({});
  const host = useRef<HTMLDivElement>(null);
  const jb = useRef<JunqiBoard | undefined>(undefined);
  const lang = useRef('');

  // a board of another size (or a text for another) keeps the armies it can and deploys the new ones classic
  useEffect(() => {
    const resized = resizeDeployments(text, players);
    if (resized !== text) onChange(resized);
  }, [players]);

  const at = (point: number): { army: number; slot: number } | undefined => {
    const p = board.points[point];
    return p && p.army !== null && p.army < players ? { army: p.army, slot: slotOf(p.row, p.col) } : undefined;
  };
  const name = (point: number): string => board.points[point]?.name ?? '';
  const write = (army: number, next: readonly number[]) => onChange(replaceArmy(text, players, army, next));
  const say = (message: string, refused = false) => setSaid({ text: message, refused });

  const takeBack = (point: number): boolean => {
    const a = at(point);
    const rank = a ? armies[a.army]![a.slot]! : -1;
    if (!a || rank < 0) return false;
    write(a.army, pickUp(armies[a.army]!, a.slot));
    say(String(t('analysis.jq.removed', { rank: rankName(letter(rank)), army: armyName(players, a.army) })));
    jb.current?.clearSelection();
    return true;
  };

  // the board's events reach the handlers of the latest render
  const act = useRef<Required<JqBoardEvents>>({
    move: () => {},
    activate: () => false,
    dropOutside: () => false,
  });
  act.current = {
    move: (from, to) => {
      const a = at(from);
      const b = at(to);
      if (!a || !b || a.army !== b.army) return;
      const army = armies[a.army]!;
      const r = moveOrSwap(army, a.slot, b.slot);
      if (!r.ok) return say(refusalText(board, players, a.army, r.error), true);
      write(a.army, r.value);
      say(
        String(t(army[b.slot]! < 0 ? 'junqiUi.setup.moved' : 'junqiUi.setup.swapped', { a: name(from), b: name(to) })),
      );
    },
    activate: (point) => {
      if (!hand) return false;
      const a = at(point);
      if (!a || a.army !== hand.army) {
        say(refusalText(board, players, hand.army, { code: 'other-army' }, point), true);
        return true;
      }
      const r = place(armies[a.army]!, hand.rank, a.slot);
      if (!r.ok) {
        say(refusalText(board, players, a.army, r.error, point), true);
        return true;
      }
      write(a.army, r.value);
      say(String(t('junqiUi.setup.placed', { rank: rankName(letter(hand.rank)), point: name(point) })));
      if ((palette(r.value)[hand.rank] ?? 0) <= 0) setHand(undefined);
      jb.current?.clearSelection();
      return true;
    },
    dropOutside: (from, x, y) => {
      const box = document.elementFromPoint(x, y)?.closest?.('[data-jq-palette]');
      return box?.getAttribute('data-army') === String(at(from)?.army) && takeBack(from);
    },
  };

  // the board is made once and given a scene on every change, as the game page does
  useEffect(() => {
    const el = host.current;
    if (!el) return;
    const b = new JunqiBoard(el, boardText(), {
      move: (from, to) => act.current.move(from, to),
      activate: (point) => act.current.activate(point),
      dropOutside: (from, x, y) => act.current.dropOutside(from, x, y),
    });
    jb.current = b;
    // on the document: a click on a piece picks it up without moving the focus there (the board keeps the
    // pointer for a drag), so the key comes from wherever the focus was, unless that is a field being typed in
    const onKey = (e: KeyboardEvent) => {
      const sel = b.selected;
      if (e.key !== 'Delete' && e.key !== 'Backspace') return;
      if (sel === undefined || (e.target as Element | null)?.closest?.('input, textarea, select')) return;
      e.preventDefault();
      takeBackRef.current(sel);
    };
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('keydown', onKey);
      b.destroy();
      jb.current = undefined;
    };
  }, []);
  const takeBackRef = useRef(takeBack);
  takeBackRef.current = takeBack;

  const look = settings.get();
  useEffect(() => {
    const b = jb.current;
    if (!b) return;
    if (lang.current !== i18n.language) {
      lang.current = i18n.language;
      b.setText(boardText());
    }
    const tiles: JqTile[] = [];
    const sources = new Map<number, number[]>();
    const problemPoints = new Set<number>();
    armies.forEach((army, a) => {
      const own = board.points.filter((p) => p.army === a).map((p) => p.id);
      army.forEach((rank, slot) => {
        if (rank < 0) return;
        const point = pointOfSlot(board, a, slot);
        const l = letter(rank);
        tiles.push({
          key: `${a}:${slot}:${l}`,
          point,
          army: a,
          text: look.pieces === 'letters' ? l : tileText(l),
          rank: l,
        });
        sources.set(
          point,
          own.filter((p) => p !== point),
        );
      });
      for (const p of problems(army)) if (p.slot !== undefined) problemPoints.add(pointOfSlot(board, a, p.slot));
    });
    const tileAt = new Map(tiles.map((x) => [x.point, x]));
    const labels = board.points.map((p) => {
      const kind = String(t(`junqi.point.${p.army === null ? 'centre' : p.kind}`));
      const tile = tileAt.get(p.id);
      const piece = tile
        ? String(t('junqiUi.piece', { army: armyName(players, tile.army ?? 0), rank: rankName(tile.rank ?? '') }))
        : String(t('junqiUi.empty'));
      return String(t('junqiUi.pointWith', { name: p.name, kind, piece }));
    });
    const scene: JqScene = {
      board,
      bottomArmy: 0,
      colours: coloursFor(players),
      areas: true,
      tiles,
      labels,
      sources,
      // a chosen piece may be put anywhere: where it may not stand, the click says why
      actionable: new Set(hand ? board.points.map((p) => p.id) : []),
      actionLabel: String(t('junqiUi.state.place')),
      arrange: true,
      problems: problemPoints,
      active: [],
      out: players === 3 ? [3] : [],
      captions: [],
      label: String(t('analysis.jq.title')),
      animate: false,
      flat: look.pieces === 'flat',
      coordinates: look.coordinates,
    };
    b.update(scene);
  });

  /** A piece picked up on the board, then a click on its army's palette: it goes back there. */
  const backTo = (army: number): boolean => {
    const sel = jb.current?.selected;
    return sel !== undefined && at(sel)?.army === army && takeBack(sel);
  };
  const chip = (army: number, rank: number, left: number) => {
    if (backTo(army) || left <= 0) return;
    setHand((h) => (h?.army === army && h.rank === rank ? undefined : { army, rank }));
  };

  const fill = (army: number, how: 'preset' | 'random' | 'rest' | 'clear') => {
    setHand(undefined);
    jb.current?.clearSelection();
    const who = armyName(players, army);
    if (how === 'preset') {
      const preset = presets[army] ?? 'classic';
      write(army, presetArmy(preset));
      return say(String(t('analysis.jq.loaded', { army: who, name: t(`junqiUi.setup.preset.${preset}`) })));
    }
    if (how === 'random') {
      write(army, randomArmy(freshRng()));
      return say(String(t('analysis.jq.dealt', { army: who })));
    }
    if (how === 'clear') {
      write(
        army,
        armies[army]!.map(() => -1),
      );
      return say(String(t('analysis.jq.cleared', { army: who })));
    }
    const r = fillRest(armies[army]!, freshRng());
    if (!r.ok) return say(refusalText(board, players, army, r.error), true);
    write(army, r.value);
    say(String(t('analysis.jq.filled', { army: who })));
  };

  const colours = coloursFor(players);
  return (
    <div class="jq-deploy" data-testid="jq-editor">
      <p class="muted">{t('analysis.jq.help')}</p>
      <p class="muted">{t('junqiUi.setup.rules')}</p>
      {/* the board and the palettes side by side where the column is wide enough (the board's column on a laptop) */}
      <div class="jq-deploy-work">
        <div class={`jq-deploy-board players-${players === 2 ? 2 : 4}`} ref={host} />
        <div class="jq-deploy-armies">
          <p class={`jq-deploy-said${said?.refused ? ' refused' : ''}`} role="status" data-testid="jq-editor-message">
            {said?.text ?? ''}
          </p>
          {armies.map((army, a) => {
            const left = palette(army);
            const who = armyName(players, a);
            const broken = problems(army);
            const notRead = unread.find((u) => u.army === a);
            return (
              <section key={a} class="jq-deploy-army" data-jq-palette="" data-army={a} data-testid="jq-palette">
                <h4>
                  <span class="jq-swatch" style={{ background: colours[a] ?? '#888' }} /> {who}
                </h4>
                <ul class="jq-chips" aria-label={String(t('analysis.jq.palette', { army: who }))}>
                  {PALETTE_ORDER.map((rank) => (
                    <li key={rank}>
                      <button
                        type="button"
                        // never disabled: a click on a used-up piece still takes a picked-up piece back
                        class={`jq-chip${(left[rank] ?? 0) <= 0 ? ' used-up' : ''}`}
                        data-testid="jq-chip"
                        data-army={a}
                        data-rank={letter(rank)}
                        aria-pressed={hand?.army === a && hand.rank === rank}
                        aria-label={String(
                          t('junqiUi.setup.reserveItem', {
                            rank: rankName(letter(rank)),
                            n: Math.max(0, left[rank] ?? 0),
                          }),
                        )}
                        onClick={() => chip(a, rank, left[rank] ?? 0)}
                      >
                        {/* as the tile says it, so that an army's twelve ranks fit beside the board */}
                        {t('junqiUi.setup.reserveItem', {
                          rank: tileText(letter(rank)),
                          n: Math.max(0, left[rank] ?? 0),
                        })}
                      </button>
                    </li>
                  ))}
                </ul>
                <div class="jq-row">
                  <select
                    aria-label={String(t('junqiUi.setup.presets'))}
                    data-testid="jq-preset"
                    value={presets[a] ?? 'classic'}
                    onChange={(e) =>
                      setPresets((p) => ({ ...p, [a]: (e.currentTarget as HTMLSelectElement).value as PresetName }))
                    }
                  >
                    {PRESET_NAMES.map((n) => (
                      <option key={n} value={n}>
                        {t(`junqiUi.setup.preset.${n}`)}
                      </option>
                    ))}
                  </select>
                  <button type="button" data-testid="jq-load-preset" onClick={() => fill(a, 'preset')}>
                    {t('analysis.jq.loadPreset')}
                  </button>
                  <button type="button" data-testid="jq-random" onClick={() => fill(a, 'random')}>
                    {t('analysis.jq.random')}
                  </button>
                  <button type="button" data-testid="jq-fill-rest" onClick={() => fill(a, 'rest')}>
                    {t('analysis.jq.fillRest')}
                  </button>
                  <button type="button" data-testid="jq-clear" onClick={() => fill(a, 'clear')}>
                    {t('analysis.jq.clear')}
                  </button>
                </div>
                {notRead && (
                  <p class="jq-deploy-problems">
                    {t('analysis.jq.unread', { army: who, reason: readRefusalText(notRead.refusal) })}
                  </p>
                )}
                {broken.length > 0 ? (
                  <ul class="jq-deploy-problems" data-testid="jq-problems">
                    {broken.map((p) => (
                      <li key={`${p.code}:${p.slot ?? p.rank ?? ''}`}>{problemText(board, a, p)}</li>
                    ))}
                  </ul>
                ) : (
                  complete(army) && (
                    <p class="jq-ok" data-testid="jq-ready">
                      {t('analysis.jq.ready')}
                    </p>
                  )
                )}
              </section>
            );
          })}
        </div>
      </div>
    </div>
  );
};
