/** A Junqi tile's drawing: an upright plate with the rank in the current language, or its back with a star. */
import type { JqScene, JqTile } from './junqi-board-scene.js';
import { type Metrics, plate, type ScreenPoint } from './junqi-geometry.js';
import { el } from './svg.js';

/** Chinese characters: set upright, one under another on a vertical tile; other scripts run along the tile. */
export const CJK = /[\u3400-\u9fff]/;
/** A coordinate rounded to a tenth, which is all an SVG attribute needs. */
export const r1 = (n: number) => Math.round(n * 10) / 10;

/** A star, the emblem on a tile's back. */
const star = (r: number): string => {
  const pts: string[] = [];
  for (let i = 0; i < 10; i++) {
    const a = -Math.PI / 2 + (i * Math.PI) / 5;
    const d = i % 2 === 0 ? r : r * 0.42;
    pts.push(`${r1(Math.cos(a) * d)},${r1(Math.sin(a) * d)}`);
  }
  return `<polygon points="${pts.join(' ')}" fill="rgba(255,255,255,.7)"/>`;
};

const escapeXml = (s: string): string =>
  s.replace(/[<>&"]/g, (c) => (c === '<' ? '&lt;' : c === '>' ? '&gt;' : c === '&' ? '&amp;' : '&quot;'));

/**
 * The tile's drawing, centred on (0, 0): an upright plate with the rank, or its back. A flat tile has no shadow
 * and no rim (the flat piece style).
 */
export const tileMarkup = (
  text: string | null,
  colour: string,
  w: number,
  h: number,
  vertical: boolean,
  faceDown: boolean,
  flat = false,
): string => {
  const box = plate(0, 0, w, h, vertical);
  const shadow = flat
    ? ''
    : `<rect class="sh" x="${r1(box.x + 1.5)}" y="${r1(box.y + 2.5)}" width="${r1(box.w)}" height="${r1(box.h)}" rx="3"/>`;
  if (text === null) {
    const fill = faceDown ? '#5f7467' : colour;
    const rim = flat
      ? ''
      : `<rect class="rim" x="${r1(box.x + 2.5)}" y="${r1(box.y + 2.5)}" width="${r1(box.w - 5)}" height="${r1(box.h - 5)}" rx="2"/>`;
    return `${shadow}<rect class="back" x="${r1(box.x)}" y="${r1(box.y)}" width="${r1(box.w)}" height="${r1(box.h)}" rx="3" fill="${fill}" stroke="rgba(0,0,0,.45)" stroke-width="1.2"/>${rim}${star(Math.min(box.w, box.h) * 0.3)}`;
  }
  const face = `<rect class="face" x="${r1(box.x)}" y="${r1(box.y)}" width="${r1(box.w)}" height="${r1(box.h)}" rx="3" stroke="${colour}"/>`;
  const long = Math.max(box.w, box.h);
  const short = Math.min(box.w, box.h);
  const chars = [...text];
  let body: string;
  if (CJK.test(text)) {
    const size = r1(short * 0.56);
    if (vertical) {
      const step = Math.min(size * 1.02, (long * 0.86) / chars.length);
      body = chars
        .map(
          (c, i) =>
            `<text x="0" y="${r1((i - (chars.length - 1) / 2) * step)}" font-size="${size}" fill="${colour}" text-anchor="middle" dominant-baseline="central">${escapeXml(c)}</text>`,
        )
        .join('');
    } else {
      const fit = r1(Math.min(size, (long * 0.88) / chars.length));
      body = `<text x="0" y="0" font-size="${fit}" fill="${colour}" text-anchor="middle" dominant-baseline="central">${escapeXml(text)}</text>`;
    }
  } else {
    const size = r1(Math.min(short * 0.5, (long * 0.84) / (chars.length * 0.7)));
    body = `<text class="latin" x="0" y="0" font-size="${size}" fill="${colour}" text-anchor="middle" dominant-baseline="central"${vertical ? ' transform="rotate(-90)"' : ''}>${escapeXml(text)}</text>`;
  }
  return `${shadow}${face}${body}`;
};

/**
 * A tile placed on its point, with what tests and styles read of it (key, point, army, rank, whether it may move)
 * and its drawing, kept so a tile that leaves the board can fade where it stood.
 */
export const tileElement = (
  scene: JqScene,
  tile: JqTile,
  s: ScreenPoint,
  m: Metrics,
  lifted: boolean,
): { g: SVGGElement; markup: string } => {
  const colour = tile.army === null ? '#5f7467' : (scene.colours[tile.army] ?? '#555');
  const markup = tileMarkup(tile.text, colour, m.tileW, m.tileH, s.vertical, tile.army === null, scene.flat);
  const g = el('g', {
    class: `jq-tile${scene.sources.has(tile.point) ? ' movable' : ''}${scene.flat ? ' flat' : ''}`,
    transform: `translate(${r1(s.x)} ${r1(s.y)})`,
    'data-key': tile.key,
    'data-point': scene.board.points[tile.point]!.name,
  });
  if (tile.army !== null) g.setAttribute('data-army', String(tile.army));
  else g.setAttribute('data-face-down', 'true');
  if (tile.rank !== null) g.setAttribute('data-rank', tile.rank);
  if (lifted) g.classList.add('lifted');
  g.innerHTML = markup;
  return { g, markup };
};
