import { formatPosition, type PlayerCount, POINTS, parsePosition, seatCorners } from '@qiyuan/chinese-checkers';
import { useEffect, useMemo, useRef } from 'preact/hooks';
import { el } from '../board/svg.js';
import { t } from '../i18n/index.js';

const COLOURS = ['red', 'orange', 'yellow', 'green', 'blue', 'purple'] as const;
const FILL: Record<(typeof COLOURS)[number], string> = {
  red: '#d32f2f',
  orange: '#f57c00',
  yellow: '#fbc02d',
  green: '#388e3c',
  blue: '#1976d2',
  purple: '#7b1fa2',
};

/** The pieces (a colour index per point, or -1) and the colour to move of a position text; empty when unreadable. */
const read = (text: string, corners: readonly number[]): { cells: number[]; side: number } => {
  const parsed = parsePosition(text, corners);
  const cells = POINTS.map(() => -1);
  if (!parsed.ok) return { cells, side: corners[0]! };
  for (const [id, colour] of parsed.value.cells) cells[id] = colour;
  return { cells, side: corners[parsed.value.side] ?? corners[0]! };
};

/**
 * Chinese Checkers' pieces placed by hand: a click on a point puts the next colour in play there (empty, then each
 * seat's colour in turn), and the colour to move is chosen beside it. The result is the position's text, which the
 * engine checks when the position is set up (too many pieces of a colour, say, is refused with its reason).
 */
export const CcStarEditor = ({
  players,
  text,
  onChange,
}: {
  players: PlayerCount;
  text: string;
  onChange: (text: string) => void;
}) => {
  const corners = seatCorners(players);
  const { cells, side } = useMemo(() => read(text, corners), [text, players]);
  const write = (next: number[], colour: number) =>
    onChange(formatPosition(Uint8Array.from(next.map((c) => c + 1)), colour));
  const cycle = (id: number) => {
    const order = [-1, ...corners];
    const next = cells.slice();
    next[id] = order[(order.indexOf(cells[id]!) + 1) % order.length]!;
    write(next, side);
  };
  const layer = useRef<SVGGElement>(null);
  const cycleRef = useRef(cycle);
  cycleRef.current = cycle;
  // the points are drawn as the boards draw theirs, plain SVG elements that take clicks and the keyboard
  useEffect(() => {
    const g = layer.current;
    if (!g) return;
    g.replaceChildren(
      ...POINTS.map((p) => {
        const c = cells[p.id]!;
        const dot = el('circle', {
          cx: p.x,
          cy: p.y,
          r: 0.38,
          'data-point': p.name,
          fill: c < 0 ? '#fff8' : FILL[COLOURS[c]!],
          stroke: '#555',
          'stroke-width': 0.05,
          role: 'button',
          tabindex: 0,
          'aria-label': p.name,
        });
        dot.style.cursor = 'pointer';
        dot.addEventListener('click', () => cycleRef.current(p.id));
        dot.addEventListener('keydown', (e) => {
          if (e.key !== 'Enter' && e.key !== ' ') return;
          e.preventDefault();
          cycleRef.current(p.id);
        });
        return dot;
      }),
    );
  }, [cells]);
  return (
    <div class="cc-star-editor">
      <svg viewBox="-7.5 -8.5 15 17" width="260" height="295" data-testid="cc-star-editor">
        <title>{t('analysis.editor.ccSetup')}</title>
        <g ref={layer} />
      </svg>
      <label class="inline">
        <span>{t('analysis.editor.sideToMove')}</span>
        <select
          value={String(side)}
          data-testid="cc-side"
          onChange={(e) => write(cells, Number((e.currentTarget as HTMLSelectElement).value))}
        >
          {corners.map((c) => (
            <option key={c} value={String(c)}>
              {t(`cc.colour.${COLOURS[c]}`)}
            </option>
          ))}
        </select>
      </label>
      <button
        type="button"
        data-testid="cc-clear"
        onClick={() =>
          write(
            POINTS.map(() => -1),
            side,
          )
        }
      >
        {t('analysis.editor.clear')}
      </button>
    </div>
  );
};
