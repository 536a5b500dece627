/**
 * The two Junqi boards as data: points, roads and railways.
 *
 * Every army is the same 5 × 6 block of points. Inside an army, a point is
 * addressed by its column (0–4, from the army's own left) and its row (1–6,
 * 1 the back row with the two headquarters, 6 the front row). Point ids are
 * `army * 30 + (row - 1) * 5 + col`; on the four-player board the nine
 * central points follow as ids 120–128.
 *
 * Railways are kept as `lines`: a piece other than the engineer travels along
 * one line only, so a line is exactly "what counts as straight". On the
 * four-player board the quarter-circle arcs join one army's left side line to
 * its left-hand neighbour's right side line (S's with W's: the seat before it),
 * and a piece may run through an arc as if it were straight (ruling R2 in
 * docs/rules/junqi.md).
 */

export const POINT_KINDS = ['station', 'camp', 'hq'] as const;
export type PointKind = (typeof POINT_KINDS)[number];

export const EDGE_KINDS = ['road', 'rail'] as const;
export type EdgeKind = (typeof EDGE_KINDS)[number];

export interface Point {
  readonly id: number;
  /** Notation name: `a1`…`e12` on the two-player board; `Sa1`, `Ec6`, `Cb2` … on the four-player board. */
  readonly name: string;
  readonly kind: PointKind;
  /** The army (seat) whose half holds the point; `null` for the central railway points. */
  readonly army: number | null;
  /** Row inside the army, 1 (back, headquarters) to 6 (front); 1–3 from south for central points. */
  readonly row: number;
  /** Column inside the army, 0–4 from the army's own left; 0–2 from west for central points. */
  readonly col: number;
  /** Drawing coordinates (SVG user units, y grows downwards). */
  readonly x: number;
  readonly y: number;
}

export interface Edge {
  readonly from: number;
  readonly to: number;
  readonly kind: EdgeKind;
}

export interface Board {
  readonly players: 2 | 4;
  readonly armies: number;
  readonly points: readonly Point[];
  readonly edges: readonly Edge[];
  /** Railway lines, each an ordered list of point ids; consecutive ids are joined by rail. */
  readonly lines: readonly (readonly number[])[];
  /** Neighbours by road or rail (one step). */
  readonly adjacent: readonly (readonly number[])[];
  /** Neighbours by rail only (the engineer's graph). */
  readonly railAdjacent: readonly (readonly number[])[];
  /** For each point, the rays along the railway lines through it: point ids outwards, nearest first. */
  readonly rays: readonly (readonly (readonly number[])[])[];
  /** Drawing size. */
  readonly width: number;
  readonly height: number;
  /** Point id by name. */
  byName(name: string): number | undefined;
  /** The id of the point of `army` at `row`, `col`. */
  at(army: number, row: number, col: number): number;
}

export const ARMY_POINTS = 30;
export const ROWS = 6;
export const COLS = 5;
/** The seats' letters on the four-player board, counter-clockwise from the bottom. */
export const ARMY_LETTERS = ['S', 'E', 'N', 'W'] as const;
const COL_LETTERS = 'abcde';

/** Kind of the point at `row`, `col` of an army. */
export const kindAt = (row: number, col: number): PointKind => {
  if (row === 1 && (col === 1 || col === 3)) return 'hq';
  if ((row === 3 || row === 5) && (col === 1 || col === 3)) return 'camp';
  if (row === 4 && col === 2) return 'camp';
  return 'station';
};

/** Railway rows are 2 and 6; railway columns 0 and 4 run from row 2 to row 6. */
const isRailInArmy = (r1: number, c1: number, r2: number, c2: number): boolean => {
  if (r1 === r2) return r1 === 2 || r1 === 6;
  return c1 === c2 && (c1 === 0 || c1 === 4) && Math.min(r1, r2) >= 2;
};

export const armyPointId = (army: number, row: number, col: number): number =>
  army * ARMY_POINTS + (row - 1) * COLS + col;

interface Draft {
  points: Point[];
  lines: number[][];
  width: number;
  height: number;
}

const build = (players: 2 | 4, draft: Draft): Board => {
  const { points, lines } = draft;
  const n = points.length;
  const edgeKinds = new Map<number, EdgeKind>();
  const key = (a: number, b: number) => Math.min(a, b) * 1024 + Math.max(a, b);
  const armies = players === 2 ? 2 : 4;
  // Roads: orthogonal neighbours inside each army, and camps to their diagonal neighbours.
  for (let army = 0; army < armies; army++) {
    for (let row = 1; row <= ROWS; row++) {
      for (let col = 0; col < COLS; col++) {
        const id = armyPointId(army, row, col);
        if (col + 1 < COLS) edgeKinds.set(key(id, id + 1), isRailInArmy(row, col, row, col + 1) ? 'rail' : 'road');
        if (row + 1 <= ROWS) edgeKinds.set(key(id, id + COLS), isRailInArmy(row, col, row + 1, col) ? 'rail' : 'road');
        if (kindAt(row, col) === 'camp') {
          for (const [dr, dc] of [
            [-1, -1],
            [-1, 1],
            [1, -1],
            [1, 1],
          ] as const) {
            const r = row + dr;
            const c = col + dc;
            if (r >= 1 && r <= ROWS && c >= 0 && c < COLS) edgeKinds.set(key(id, armyPointId(army, r, c)), 'road');
          }
        }
      }
    }
  }
  for (const line of lines) {
    for (let i = 0; i + 1 < line.length; i++) edgeKinds.set(key(line[i]!, line[i + 1]!), 'rail');
  }
  const edges: Edge[] = [...edgeKinds.entries()]
    .map(([k, kind]) => ({ from: Math.floor(k / 1024), to: k % 1024, kind }))
    .sort((a, b) => a.from - b.from || a.to - b.to);
  const adjacent: number[][] = Array.from({ length: n }, () => []);
  const railAdjacent: number[][] = Array.from({ length: n }, () => []);
  for (const e of edges) {
    adjacent[e.from]!.push(e.to);
    adjacent[e.to]!.push(e.from);
    if (e.kind === 'rail') {
      railAdjacent[e.from]!.push(e.to);
      railAdjacent[e.to]!.push(e.from);
    }
  }
  const rays: number[][][] = Array.from({ length: n }, () => []);
  const seen = Array.from({ length: n }, () => new Set<string>());
  for (const line of lines) {
    line.forEach((p, i) => {
      for (const ray of [line.slice(i + 1), line.slice(0, i).reverse()]) {
        const k = ray.join(',');
        if (ray.length > 0 && !seen[p]!.has(k)) {
          seen[p]!.add(k);
          rays[p]!.push(ray);
        }
      }
    });
  }
  const names = new Map(points.map((p) => [p.name, p.id]));
  return {
    players,
    armies,
    points,
    edges,
    lines,
    adjacent,
    railAdjacent,
    rays,
    width: draft.width,
    height: draft.height,
    byName: (name) => names.get(name),
    at: armyPointId,
  };
};

const twoPlayer = (): Board => {
  const points: Point[] = [];
  const unitX = 70;
  const unitY = 50;
  const gap = 50;
  for (let army = 0; army < 2; army++) {
    for (let row = 1; row <= ROWS; row++) {
      for (let col = 0; col < COLS; col++) {
        // Global grid: column 0–4 from south's left, row 0–11 from south's back row.
        const gx = army === 0 ? col : 4 - col;
        const gy = army === 0 ? row - 1 : 12 - row;
        points.push({
          id: armyPointId(army, row, col),
          name: `${COL_LETTERS[gx]}${gy + 1}`,
          kind: kindAt(row, col),
          army,
          row,
          col,
          x: 40 + gx * unitX,
          y: 40 + (11 - gy) * unitY + (gy <= 5 ? gap : 0),
        });
      }
    }
  }
  const a = (army: number, row: number, col: number) => armyPointId(army, row, col);
  const lines: number[][] = [];
  for (let army = 0; army < 2; army++) {
    for (const row of [2, 6]) lines.push([0, 1, 2, 3, 4].map((col) => a(army, row, col)));
  }
  const side = (army: number, col: number) => [2, 3, 4, 5, 6].map((row) => a(army, row, col));
  // South's columns a and e run on into north's columns e and a; the middle column crosses between the front rows only.
  lines.push([...side(0, 0), ...side(1, 4).reverse()]);
  lines.push([...side(0, 4), ...side(1, 0).reverse()]);
  lines.push([a(0, 6, 2), a(1, 6, 2)]);
  return build(2, { points, lines, width: 80 + 4 * unitX, height: 80 + 11 * unitY + gap });
};

/** Rotates a global grid point by `k` quarter turns counter-clockwise. */
const rotate = (x: number, y: number, k: number): [number, number] => {
  let gx = x;
  let gy = y;
  for (let i = 0; i < k; i++) [gx, gy] = [-gy, gx];
  return [gx + 0, gy + 0];
};

const fourPlayer = (): Board => {
  const points: Point[] = [];
  const unit = 40;
  const margin = 40;
  const half = 8;
  const toXY = (gx: number, gy: number) => ({ x: margin + (gx + half) * unit, y: margin + (half - gy) * unit });
  const grid = new Map<string, number>();
  for (let army = 0; army < 4; army++) {
    for (let row = 1; row <= ROWS; row++) {
      for (let col = 0; col < COLS; col++) {
        // South's block: columns at x = -2…2, rows from y = -8 (back) to y = -3 (front).
        const [gx, gy] = rotate(col - 2, row - 9, army);
        const id = armyPointId(army, row, col);
        grid.set(`${gx},${gy}`, id);
        points.push({
          id,
          name: `${ARMY_LETTERS[army]}${COL_LETTERS[col]}${row}`,
          kind: kindAt(row, col),
          army,
          row,
          col,
          ...toXY(gx, gy),
        });
      }
    }
  }
  for (let row = 1; row <= 3; row++) {
    for (let col = 0; col < 3; col++) {
      const gx = (col - 1) * 2;
      const gy = (row - 2) * 2;
      const id = 120 + (row - 1) * 3 + col;
      grid.set(`${gx},${gy}`, id);
      points.push({ id, name: `C${COL_LETTERS[col]}${row}`, kind: 'station', army: null, row, col, ...toXY(gx, gy) });
    }
  }
  const g = (gx: number, gy: number): number => {
    const id = grid.get(`${gx},${gy}`);
    if (id === undefined) throw new Error(`no point at ${gx},${gy}`);
    return id;
  };
  const a = armyPointId;
  const lines: number[][] = [];
  for (let army = 0; army < 4; army++) {
    for (const row of [2, 6]) lines.push([0, 1, 2, 3, 4].map((col) => a(army, row, col)));
  }
  const span = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, i) => from + i);
  for (const c of [-2, 2]) {
    // The long straight lines: one army's side line, three central points, the opposite army's side line.
    const coords = [...span(-7, -3), -2, 0, 2, ...span(3, 7)];
    lines.push(coords.map((y) => g(c, y)));
    lines.push(coords.map((x) => g(x, c)));
  }
  lines.push([-3, -2, 0, 2, 3].map((y) => g(0, y)));
  lines.push([-3, -2, 0, 2, 3].map((x) => g(x, 0)));
  const side = (army: number, col: number) => [2, 3, 4, 5, 6].map((row) => a(army, row, col));
  // The arcs: an army's left side line turns into its left-hand neighbour's (the seat before it) right side line.
  for (let army = 0; army < 4; army++) lines.push([...side(army, 0), ...side((army + 3) % 4, 4).reverse()]);
  const size = 2 * margin + 2 * half * unit;
  return build(4, { points, lines, width: size, height: size });
};

const cache = new Map<number, Board>();

/** The board for a player count: 2 on the two-player board, 3 or 4 on the four-player board. */
export const boardFor = (players: number): Board => {
  const size = players === 2 ? 2 : 4;
  let board = cache.get(size);
  if (!board) {
    board = size === 2 ? twoPlayer() : fourPlayer();
    cache.set(size, board);
  }
  return board;
};

/** The board as plain JSON (what `qiyuan junqi board --json` prints and the web app draws). */
export const boardToJson = (board: Board) => ({
  players: board.players,
  width: board.width,
  height: board.height,
  points: board.points.map((p) => ({ ...p })),
  edges: board.edges.map((e) => ({ ...e })),
  lines: board.lines.map((l) => [...l]),
});
