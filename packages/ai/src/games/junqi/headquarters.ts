import type { Board, Position } from '@qiyuan/junqi';

/**
 * The headquarters of an army's enemies: where, as far as that army knows, an enemy flag may stand. Cached per board
 * and per army and team layout (one board serves 2v2 and free-for-all, whose enemies differ), since the playouts and
 * the heuristic player ask for them at every step.
 */
const cache = new WeakMap<Board, Map<number, Int16Array>>();

export const enemyHeadquarters = (pos: Position, army: number): Int16Array => {
  // The key: the army and each army's team (−1 while colours are undecided), three bits apiece.
  let key = army;
  for (let a = 0; a < 4; a++) key = key * 8 + (pos.teamOfArmy(a) + 1);
  let byKey = cache.get(pos.board);
  if (!byKey) {
    byKey = new Map();
    cache.set(pos.board, byKey);
  }
  let hqs = byKey.get(key);
  if (!hqs) {
    // An army not yet assigned (翻棋 before the colours are known) has every headquarters against it.
    const ours = army >= 0 ? pos.teamOfArmy(army) : Number.NaN;
    hqs = Int16Array.from(
      pos.board.points
        .filter((p) => p.kind === 'hq' && p.army !== null && p.army !== army && pos.teamOfArmy(p.army) !== ours)
        .map((p) => p.id),
    );
    byKey.set(key, hqs);
  }
  return hqs;
};
