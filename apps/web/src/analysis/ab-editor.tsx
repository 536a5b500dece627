import { CELLS, LAYOUTS, type StartPosition } from '@qiyuan/abalone';
import { useEffect, useRef } from 'preact/hooks';
import { el } from '../board/svg.js';
import { t } from '../i18n/index.js';

const FILL: Record<string, string> = { b: '#222', w: '#f4f1ea', '.': '#c8b48a' };
const NEXT: Record<string, string> = { '.': 'b', b: 'w', w: '.' };

/** A named start position as a setup text, Black to move; empty for a name that is none. */
export const startLayout = (start: string): string => {
  const layout = LAYOUTS[start as StartPosition];
  if (!layout) return '';
  const cells = CELLS.map(() => '.');
  for (const c of layout.black) cells[c] = 'b';
  for (const c of layout.white) cells[c] = 'w';
  return `${cells.join('')} b`;
};

/** The 61 cells and the colour to move of a setup text (`<cells> b|w`); the usual start when it is not one. */
const read = (text: string): { cells: string[]; side: 'b' | 'w' } => {
  const m = /^([.bw]{61}) ([bw])$/.exec(text.trim());
  return m ? { cells: [...m[1]!], side: m[2] as 'b' | 'w' } : { cells: CELLS.map(() => '.'), side: 'b' };
};

/**
 * Abalone's marbles placed by hand: a click on a cell puts a black marble there, then a white one, then empties it;
 * the colour to move is chosen beside it. Each side keeps 9 to 14 marbles (the engine says so when it refuses).
 */
export const AbaloneEditor = ({
  text,
  sideNames,
  onChange,
}: {
  text: string;
  sideNames: readonly string[];
  onChange: (text: string) => void;
}) => {
  const { cells, side } = read(text);
  const write = (next: readonly string[], s: 'b' | 'w') => onChange(`${next.join('')} ${s}`);
  const layer = useRef<SVGGElement>(null);
  const cycle = useRef((_: number) => {});
  cycle.current = (i: number) => {
    const next = cells.slice();
    next[i] = NEXT[next[i]!]!;
    write(next, side);
  };
  // the cells are drawn as the boards draw theirs, plain SVG elements that take clicks and the keyboard
  useEffect(() => {
    const g = layer.current;
    if (!g) return;
    g.replaceChildren(
      ...CELLS.map((c) => {
        const dot = el('circle', {
          cx: c.hex.q + c.hex.r / 2,
          cy: -c.hex.r * 0.866,
          r: 0.44,
          'data-cell': c.name,
          fill: FILL[cells[c.index]!]!,
          stroke: '#555',
          'stroke-width': 0.05,
          role: 'button',
          tabindex: 0,
          'aria-label': c.name,
        });
        dot.style.cursor = 'pointer';
        dot.addEventListener('click', () => cycle.current(c.index));
        dot.addEventListener('keydown', (e) => {
          if (e.key !== 'Enter' && e.key !== ' ') return;
          e.preventDefault();
          cycle.current(c.index);
        });
        return dot;
      }),
    );
  }, [cells.join('')]);
  return (
    <div class="ab-editor">
      <svg viewBox="-5 -4.5 10 9" width="260" height="234" data-testid="ab-editor">
        <title>{t('analysis.editor.abSetup')}</title>
        <g ref={layer} />
      </svg>
      <label class="inline">
        <span>{t('analysis.editor.sideToMove')}</span>
        <select
          value={side}
          data-testid="ab-side"
          onChange={(e) => write(cells, (e.currentTarget as HTMLSelectElement).value as 'b' | 'w')}
        >
          <option value="b">{sideNames[0]}</option>
          <option value="w">{sideNames[1]}</option>
        </select>
      </label>
    </div>
  );
};
