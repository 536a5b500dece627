import type { Board } from './board.js';

const ARMY_COLOURS = ['#c0392b', '#2c3e50', '#27ae60', '#8e44ad'] as const;

/**
 * Draws a board as a standalone SVG from the board data alone: roads thin,
 * railways thick, camps as circles, headquarters as wide rectangles, every
 * point labelled with its notation name. Used for the rules page.
 */
export const boardSvg = (board: Board): string => {
  const out: string[] = [];
  const { points } = board;
  out.push(
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${board.width} ${board.height}" width="${board.width}" height="${board.height}" font-family="sans-serif">`,
    `<rect width="${board.width}" height="${board.height}" fill="#f7f1e1"/>`,
  );
  for (const e of board.edges) {
    const a = points[e.from]!;
    const b = points[e.to]!;
    const isArc = e.kind === 'rail' && a.army !== null && b.army !== null && a.army !== b.army && board.players === 4;
    if (isArc) {
      // The arc bends around the inner corner of the cross.
      const cx = (a.x + b.x) / 2;
      const cy = (a.y + b.y) / 2;
      const mx = board.width / 2;
      const my = board.height / 2;
      const qx = cx + (cx - mx) * 0.25;
      const qy = cy + (cy - my) * 0.25;
      out.push(
        `<path d="M${a.x} ${a.y} Q${qx} ${qy} ${b.x} ${b.y}" fill="none" stroke="#222" stroke-width="4" stroke-dasharray="10 4"/>`,
      );
    } else if (e.kind === 'rail') {
      out.push(
        `<line x1="${a.x}" y1="${a.y}" x2="${b.x}" y2="${b.y}" stroke="#222" stroke-width="4" stroke-dasharray="10 4"/>`,
      );
    } else {
      out.push(`<line x1="${a.x}" y1="${a.y}" x2="${b.x}" y2="${b.y}" stroke="#777" stroke-width="1.5"/>`);
    }
  }
  const r = board.players === 2 ? 12 : 9;
  for (const p of points) {
    const colour = p.army === null ? '#555' : ARMY_COLOURS[p.army % 4];
    if (p.kind === 'camp') {
      out.push(`<circle cx="${p.x}" cy="${p.y}" r="${r + 2}" fill="#fff" stroke="${colour}" stroke-width="2"/>`);
    } else if (p.kind === 'hq') {
      out.push(
        `<rect x="${p.x - r - 4}" y="${p.y - r + 2}" width="${2 * r + 8}" height="${2 * r - 4}" rx="6" fill="#fff" stroke="${colour}" stroke-width="2"/>`,
      );
    } else {
      out.push(
        `<rect x="${p.x - r + 2}" y="${p.y - r / 2}" width="${2 * r - 4}" height="${r}" fill="#fff" stroke="${colour}" stroke-width="1.5"/>`,
      );
    }
    out.push(
      `<text x="${p.x}" y="${p.y + 3}" font-size="${board.players === 2 ? 9 : 7}" text-anchor="middle" fill="#333">${p.name}</text>`,
    );
  }
  out.push('</svg>');
  return `${out.join('\n')}\n`;
};
