import type { GameId } from '@qiyuan/core';
import { analysisGame } from './games.js';

/**
 * Arrows for the engine's moves on boards that draw none of their own (Abalone, Chinese Checkers, Junqi): an SVG
 * laid over the board area, from the centre of the move's first point to its last (for Abalone, the step of the
 * marble that leads), found by the names the boards already give their points. Hive's board draws its own (its empty cells have no element to find).
 */
const CLASS = 'analysis-arrows';

/** The names of the points a move goes from and to, in the game's notation. */
export const moveEnds = (game: GameId, move: string): [string, string] | undefined => {
  const own = analysisGame(game).moveEnds;
  if (own) return own(move);
  const points = move
    .replace(/^flip\s+/, '')
    .split('-')
    .map((s) => s.trim())
    .filter(Boolean);
  if (points.length === 0) return undefined;
  return [points[0]!, points.at(-1)!];
};

const pointElement = (board: HTMLElement, game: GameId, name: string): Element | undefined => {
  const own = analysisGame(game).pointElement;
  if (own) return own(board, name);
  // by default a point is labelled by name (then, after a comma, what stands there), as Chinese Checkers' are
  return [...board.querySelectorAll('circle.hit')].find((c) => {
    const label = c.getAttribute('aria-label') ?? '';
    return label === name || (label.startsWith(name) && !/[a-z0-9]/i.test(label.charAt(name.length)));
  });
};

/** Draws `moves` (strongest first) over `area`, replacing any arrows drawn before; none clears them. */
export const drawArrows = (area: HTMLElement, game: GameId, moves: readonly string[]): void => {
  area.querySelector(`:scope > svg.${CLASS}`)?.remove();
  if (moves.length === 0) return;
  const box = area.getBoundingClientRect();
  const svg = document.createElementNS('http://www.w3.org/2000/svg', 'svg');
  svg.setAttribute('class', CLASS);
  svg.setAttribute('aria-hidden', 'true');
  svg.setAttribute('width', String(box.width));
  svg.setAttribute('height', String(box.height));
  svg.style.cssText = 'position:absolute;left:0;top:0;pointer-events:none;overflow:visible';
  const centre = (e: Element) => {
    const r = e.getBoundingClientRect();
    return { x: r.left + r.width / 2 - box.left, y: r.top + r.height / 2 - box.top };
  };
  for (const [i, move] of moves.entries()) {
    const ends = moveEnds(game, move);
    const from = ends && pointElement(area, game, ends[0]);
    const to = ends && pointElement(area, game, ends[1]);
    if (!from || !to) continue;
    const a = centre(from);
    const b = centre(to);
    const g = document.createElementNS('http://www.w3.org/2000/svg', 'g');
    g.setAttribute('data-arrow', move);
    g.setAttribute('opacity', i === 0 ? '0.8' : '0.4');
    const line = document.createElementNS('http://www.w3.org/2000/svg', 'line');
    for (const [k, v] of Object.entries({ x1: a.x, y1: a.y, x2: b.x, y2: b.y })) line.setAttribute(k, v.toFixed(1));
    line.setAttribute('stroke', '#1565c0');
    line.setAttribute('stroke-width', '6');
    line.setAttribute('stroke-linecap', 'round');
    const head = document.createElementNS('http://www.w3.org/2000/svg', 'circle');
    head.setAttribute('cx', b.x.toFixed(1));
    head.setAttribute('cy', b.y.toFixed(1));
    head.setAttribute('r', '9');
    head.setAttribute('fill', 'none');
    head.setAttribute('stroke', '#1565c0');
    head.setAttribute('stroke-width', '4');
    g.append(line, head);
    svg.append(g);
  }
  area.append(svg);
};
