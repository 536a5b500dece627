import { GAME_IDS, type Game, type GameId, SPECTATOR } from '@qiyuan/core';
import { useEffect, useMemo, useRef, useState } from 'preact/hooks';
import { playLine } from '../analysis/start.js';
import { type GameModule, loadGame } from '../games/types.js';
import { t } from '../i18n/index.js';
import { account } from '../online/account.js';
import type { Outcome } from '../online/wire.js';
import {
  dailyPuzzle,
  giveUp,
  type MoveVerdict,
  myPuzzleRating,
  nextPuzzle,
  type PuzzleView,
  puzzleGames,
  puzzleThemes,
  sendMoves,
} from '../puzzles/api.js';
import { puzzleHeading } from '../puzzles/heading.js';
import { LineList, StepButtons } from '../puzzles/steps.js';
import { navigate } from '../router.js';
import { settings } from '../settings.js';
import { useStore } from '../store.js';
import { positionInput } from './position-input.js';
import './puzzles.css';
import { useBoard } from '../board/use-board.js';

/** The attempt at the puzzle shown. */
interface Attempt {
  readonly puzzle: PuzzleView;
  /** The day, for the daily puzzle. */
  readonly day?: string;
  /** Every move on the board since the puzzle's position: the player's and the replies. */
  readonly line: readonly string[];
  /** The player's own moves among them, in order (what the server judges). */
  readonly mine: readonly string[];
  readonly status: 'solving' | 'right' | 'solved' | 'failed';
  readonly verdict?: Extract<MoveVerdict, { status: 'solved' | 'failed' }>;
  readonly solution?: readonly string[];
  /** The player asked for the solution before the attempt ended: no move of theirs was judged wrong. */
  readonly gaveUp?: boolean;
  /** Waiting for the server's verdict: no input. */
  readonly busy: boolean;
}

const fresh = (puzzle: PuzzleView, day?: string): Attempt => ({
  puzzle,
  ...(day ? { day } : {}),
  line: [],
  mine: [],
  status: 'solving',
  busy: false,
});

/** A screen narrow enough that a large board zooms to the puzzle's points (a phone). */
const NARROW = '(max-width: 40rem)';

/** The game shown when the link names none (or one without puzzles here). */
const FIRST_GAME: GameId = 'hive';

/**
 * `#/puzzles`: a game's daily puzzle, the next one (of a theme), the player's puzzle rating in that game; the
 * player's moves go to the server one by one, the opponent's reply is played by itself, and right or wrong is said;
 * the solution after. The game is chosen on the page and kept in the link (`#/puzzles/<game>`; Hive first), so a
 * reload or a language switch stays on it.
 */
export const PuzzlesPage = ({ game: linked }: { game?: string | undefined }) => {
  const game: GameId = linked && (GAME_IDS as readonly string[]).includes(linked) ? (linked as GameId) : FIRST_GAME;
  const [games, setGames] = useState<{ game: string; count: number }[]>([]);
  const [mod, setMod] = useState<GameModule | undefined>();
  const [attempt, setAttempt] = useState<Attempt | undefined>();
  const [themes, setThemes] = useState<{ theme: string; count: number }[]>([]);
  const [theme, setTheme] = useState('');
  const [rating, setRating] = useState<number | null | undefined>();
  const [failed, setFailed] = useState(false);
  const me = useStore(account).user;

  const refreshRating = () =>
    void myPuzzleRating(game).then((r) => {
      if (r.ok) setRating(r.value.rating);
    });
  // the puzzles this page showed of the game, the latest first: "Next puzzle" goes on to new ones
  const shownIds = useRef<string[]>([]);
  const asked = useRef(0);
  /** Shows the puzzle a request brings, unless another was asked for since (a second click, another game). */
  const open = async (request: Promise<Outcome<{ puzzle: PuzzleView; day?: string }>>) => {
    const mine = ++asked.current;
    const r = await request;
    if (mine !== asked.current) return;
    if (!r.ok) {
      setFailed(true);
      return;
    }
    const { puzzle, day } = r.value;
    shownIds.current = [puzzle.id, ...shownIds.current.filter((x) => x !== puzzle.id)].slice(0, 40);
    setFailed(false);
    setAttempt(fresh(puzzle, day));
  };
  const openDaily = () => open(dailyPuzzle(game));
  const openNext = (of = theme) => open(nextPuzzle(game, of, shownIds.current));
  // the next puzzle asked for under a verdict (on a phone screens below the task) is shown from its heading
  const scrollToNext = useRef(false);
  const section = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (!scrollToNext.current) return;
    scrollToNext.current = false;
    section.current?.querySelector('[data-testid=puzzle]')?.scrollIntoView({ block: 'start' });
  }, [attempt?.puzzle.id]);

  useEffect(() => {
    void puzzleGames().then((r) => r.ok && setGames(r.value.games));
  }, []);
  useEffect(() => {
    let live = true;
    setMod(undefined);
    setAttempt(undefined);
    setThemes([]);
    setTheme('');
    setFailed(false);
    loadGame(game).then(
      (m) => live && setMod(() => m),
      () => live && setFailed(true),
    );
    void puzzleThemes(game).then((r) => live && r.ok && setThemes(r.value.themes));
    shownIds.current = [];
    void openDaily();
    return () => {
      live = false;
      // a puzzle still on its way belongs to the game left
      asked.current++;
    };
  }, [game]);
  useEffect(refreshRating, [me?.id, game]);

  return (
    <div class="puzzles-page" data-testid="puzzles" ref={section}>
      <h1>{t('puzzles.title')}</h1>
      {failed && <p class="error">{t('puzzles.failedToLoad')}</p>}
      {mod && attempt && attempt.puzzle.game === mod.definition.id ? (
        <PuzzleBoard
          key={attempt.puzzle.id + (attempt.day ?? '')}
          mod={mod}
          attempt={attempt}
          setAttempt={setAttempt}
          rated={refreshRating}
          next={() => {
            scrollToNext.current = true;
            void openNext();
          }}
        />
      ) : (
        !failed && <p aria-busy="true">…</p>
      )}
      {/* the board first, where a phone's screen starts; the choices and the explanation after it */}
      <div class="puzzles-bar">
        <label>
          {t('puzzles.game')}{' '}
          <select
            data-testid="puzzle-game"
            value={game}
            onChange={(e) => {
              const chosen = (e.currentTarget as HTMLSelectElement).value;
              if ((GAME_IDS as readonly string[]).includes(chosen)) navigate({ page: 'puzzles', game: chosen });
            }}
          >
            {(games.length > 0 ? games : [{ game, count: 0 }]).map((g) => (
              <option key={g.game} value={g.game}>
                {t(`games.${g.game}`)}
                {g.count > 0 ? ` (${g.count})` : ''}
              </option>
            ))}
          </select>
        </label>
        <button type="button" data-testid="puzzle-daily" onClick={() => void openDaily()}>
          {t('puzzles.daily')}
        </button>
        <label>
          {t('puzzles.theme')}{' '}
          <select
            data-testid="puzzle-theme"
            value={theme}
            onChange={(e) => {
              // a theme chosen opens its next puzzle at once
              const chosen = (e.currentTarget as HTMLSelectElement).value;
              setTheme(chosen);
              void openNext(chosen);
            }}
          >
            <option value="">{t('puzzles.anyTheme')}</option>
            {themes.map((x) => (
              <option key={x.theme} value={x.theme}>
                {t(`puzzles.themes.${x.theme}`)} ({x.count})
              </option>
            ))}
          </select>
        </label>
        <button type="button" data-testid="puzzle-next" onClick={() => void openNext()}>
          {t('puzzles.next')}
        </button>
        <span class="puzzle-my-rating" data-testid="puzzle-my-rating">
          {me?.guest ? t('puzzles.guest') : rating ? t('puzzles.yourRating', { rating }) : ''}
        </span>
      </div>
      <p class="muted" data-testid="puzzle-intro">
        {t(`puzzles.intro.${game}`)}
      </p>
    </div>
  );
};

const PuzzleBoard = ({
  mod,
  attempt,
  setAttempt,
  rated,
  next,
}: {
  mod: GameModule;
  attempt: Attempt;
  setAttempt: (f: (a: Attempt | undefined) => Attempt | undefined) => void;
  rated: () => void;
  /** The next puzzle, offered beside the verdict (the bar above is out of sight on a phone). */
  next: () => void;
}) => {
  const cfg = useStore(settings);
  const { puzzle } = attempt;
  const root = useMemo(() => {
    const read = mod.definition.parseGame(puzzle.position);
    if (!read.ok) return undefined;
    // a game may play its puzzles in a game of its own (Chinese Checkers: the solver moving alone)
    return mod.puzzleGame ? mod.puzzleGame(read.value as Game, puzzle.goal) : (read.value as Game);
  }, [mod, puzzle.position, puzzle.goal]);
  const open = attempt.status === 'solving' || attempt.status === 'right';
  // after the attempt its line can be stepped through: the board shows its first `ply` moves (undefined: all)
  const [ply, setPly] = useState<number | undefined>(undefined);
  const at = open ? undefined : (ply ?? attempt.line.length);
  const seen = useMemo(() => (at === undefined ? attempt.line : attempt.line.slice(0, at)), [attempt.line, at]);
  const shown = useMemo(() => (root ? playLine(root, seen).game : undefined), [root, seen]);
  const solver = root ? (root.turn() as { seat: number }).seat : 0;
  // on a phone a large board zooms to the points the puzzle is about, so each is big enough to tap
  const [zoomed, setZoomed] = useState(() => window.matchMedia(NARROW).matches);
  const focus = useMemo(() => {
    if (!mod.puzzleFocus || !root || !shown) return [];
    return [...new Set([...mod.puzzleFocus(root), ...mod.puzzleFocus(shown)])];
  }, [mod, root, shown]);

  const play = (text: string) => {
    if (!shown || attempt.busy || (attempt.status !== 'solving' && attempt.status !== 'right')) return;
    const line = [...attempt.line, text];
    const mine = [...attempt.mine, text];
    setAttempt((a) => a && { ...a, line, busy: true });
    void sendMoves(puzzle.id, mine).then((r) => {
      if (!r.ok) {
        // an illegal or refused move is taken back: the attempt goes on
        setAttempt((a) => a && { ...a, line: attempt.line, busy: false });
        return;
      }
      const v = r.value;
      if (v.status === 'continue') {
        const answered = v.reply === undefined ? line : [...line, v.reply];
        setAttempt((a) => a && { ...a, line: answered, mine, status: 'right', busy: false });
        return;
      }
      setAttempt((a) => a && { ...a, status: v.status, verdict: v, busy: false });
      rated();
    });
  };
  const { host, board } = useBoard(mod, play);

  useEffect(() => {
    if (!board.current || !shown) return;
    const seat = (shown.turn() as { seat?: number }).seat ?? solver;
    const mayPlay = open && !attempt.busy && seat === solver && !shown.outcome();
    const legal = mayPlay ? shown.legalMoves(solver).map((m) => shown.moveToString(m)) : [];
    board.current.update(
      positionInput(
        shown,
        solver,
        { bottom: solver, legal, browsing: !mayPlay },
        {
          pieces: cfg.pieces,
          coordinates: cfg.coordinates,
        },
      ),
    );
    board.current.frame?.(zoomed && focus.length > 0 ? focus : undefined);
  }, [shown, open, attempt.busy, cfg.pieces, cfg.coordinates, cfg.language, zoomed, focus]);

  const showSolution = async () => {
    const solution =
      attempt.verdict?.solution ?? (await giveUp(puzzle.id).then((r) => (r.ok ? r.value.solution : undefined)));
    if (!solution) return;
    setAttempt(
      (a) =>
        a && {
          ...a,
          status: a.status === 'solved' ? 'solved' : 'failed',
          gaveUp: a.status === 'solving' || a.status === 'right',
          solution,
          line: solution,
        },
    );
    setPly(undefined);
    rated();
  };

  const side = root ? (mod.seatNames(root.viewFor(SPECTATOR), root.seatCount)[solver] ?? '') : '';
  const v = attempt.verdict;
  return (
    <section class="puzzle" data-testid="puzzle" data-puzzle={puzzle.id}>
      <h2 data-testid="puzzle-heading">{puzzleHeading(puzzle, attempt.day, v ? v.puzzleRating : puzzle.rating)}</h2>
      <p data-testid="puzzle-task">{t(`puzzles.task.${puzzle.goal}`, { side, count: puzzle.moves })}</p>
      <div class={`puzzle-main game-${puzzle.game}`}>
        <div class="board-area">
          <div ref={host} class="board-host" />
          {focus.length > 0 && (
            <button type="button" data-testid="puzzle-zoom" class="puzzle-zoom" onClick={() => setZoomed(!zoomed)}>
              {zoomed ? t('puzzles.wholeBoard') : t('puzzles.zoomIn')}
            </button>
          )}
        </div>
        <aside class="puzzle-side">
          <p class="muted" data-testid="puzzle-plays">
            {t('puzzles.plays', { count: puzzle.plays })}
          </p>
          <p
            data-testid="puzzle-feedback"
            class={`puzzle-feedback ${attempt.gaveUp ? 'gave-up' : attempt.status}`}
            aria-live="polite"
          >
            {attempt.status === 'right'
              ? t('puzzles.right')
              : attempt.status === 'solved'
                ? t('puzzles.solved')
                : attempt.gaveUp
                  ? t('puzzles.gaveUp')
                  : attempt.status === 'failed'
                    ? t(`puzzles.wrong.${puzzle.goal}`)
                    : ''}
          </p>
          {/* counted while the attempt goes on: after it the board shows the solution's moves, not the player's */}
          {puzzle.kind === 'goal' && open && (
            <p data-testid="puzzle-moves-left">
              {t('puzzles.movesLeft', { count: puzzle.moves - attempt.mine.length })}
            </p>
          )}
          {v?.rating && v.rated && (
            <p data-testid="puzzle-change">{t('puzzles.change', { before: v.rating.before, after: v.rating.after })}</p>
          )}
          {v && !v.rated && v.rating && <p class="muted">{t('puzzles.unrated')}</p>}
          <LineList line={attempt.line} ply={at} go={setPly} />
          {at !== undefined && attempt.line.length > 0 && (
            <>
              <StepButtons ply={at} length={attempt.line.length} go={setPly} />
              <p class="muted small">{t('puzzles.steps')}</p>
            </>
          )}
          {attempt.solution ? (
            <p data-testid="puzzle-solution">
              {t('puzzles.solution')}: <code>{attempt.solution.join(' ; ')}</code>
            </p>
          ) : (
            <button type="button" data-testid="puzzle-show-solution" onClick={() => void showSolution()}>
              {t('puzzles.showSolution')}
            </button>
          )}
          {!open && (
            <button type="button" data-testid="puzzle-next-after" onClick={next}>
              {t('puzzles.next')}
            </button>
          )}
        </aside>
      </div>
    </section>
  );
};
