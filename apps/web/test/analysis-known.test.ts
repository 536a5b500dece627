import { describe, expect, it } from 'vitest';
import { everyPieceKnown } from '../src/analysis/known.js';
import { ALL_KNOWN, decodeBoard, encodeBoard } from '../src/analysis/link.js';
import { EMPTY_TREE } from '../src/analysis/tree-pack.js';

describe('a game with hidden pieces on the analysis board', () => {
  it('the link keeps whose knowledge it shows', () => {
    for (const known of [ALL_KNOWN, 0, 3]) {
      const text = encodeBoard({ start: { options: {}, position: 'x' }, tree: EMPTY_TREE, path: [], known });
      const back = decodeBoard(text);
      expect(back.ok && back.value.known).toBe(known);
    }
    const plain = decodeBoard(encodeBoard({ start: { options: {}, position: '' }, tree: EMPTY_TREE, path: [] }));
    expect(plain.ok && 'known' in plain.value).toBe(false);
    const damaged = decodeBoard(JSON.stringify({ v: -2 }));
    expect(damaged.ok).toBe(false);
    expect(decodeBoard(JSON.stringify({ v: 'x' })).ok).toBe(false);
  });

  it('a 暗棋 record with every piece known is the same record played 明棋; other records have none', () => {
    const record = 'junqi {"players":2,"mode":"hidden","seed":3}\n0 setup 98171\n1 setup 71316\n0 e4-d5';
    expect(everyPieceKnown('junqi', record)).toBe(
      'junqi {"players":2,"mode":"open","seed":3}\n0 setup 98171\n1 setup 71316\n0 e4-d5',
    );
    expect(everyPieceKnown('junqi', record.replace('hidden', 'flip'))).toBeUndefined();
    expect(everyPieceKnown('junqi', 'junqi {broken\n0 e4-d5')).toBeUndefined();
    expect(everyPieceKnown('hive', record)).toBeUndefined();
  });
});
