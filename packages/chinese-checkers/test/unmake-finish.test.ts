import { unwrap } from '@qiyuan/core';
import { describe, expect, it } from 'vitest';
import { chineseCheckers, moveFrom, moveTo, type PackedMove } from '../src/index.js';

/** Two players, 10 pieces, the blocker rule: at ply 108 seat 0 fills its goal with either of two moves. */
const RECORD = `[Game "chinese-checkers"]
[Variant "race"]
[Players "2"]
[Pieces "10"]
[Jump "adjacent"]
[Corners "open"]
[Win "blocker"]
[MaxPlies "0"]
[Repetition "on"]

1. c1-e7 2. o2-m8 3. a1-e5 4. p1-o2 5. c2-e8 6. o1-m7 7. c3-e9 8. n1-m6
9. d2-f7 10. m7-l7 11. d3-f8 12. l7-k6 13. e7-g7 14. o2-o1 15. e8-g8 16. n3-n1
17. b2-c3 18. q1-p1 19. d4-e8 20. k6-j6 21. e8-g6 22. p1-o2 23. d1-f4 24. n1-l8
25. f7-h7 26. o1-m5 27. f4-e4 28. m5-m9 29. g8-k6 30. m9-m7 31. f8-h6 32. m7-o1
33. g7-m9 34. p2-q1 35. g6-i6 36. n4-j5 37. c3-d3 38. o3-n3 39. h6-j7 40. n2-m7
41. i6-k8 42. o1-o3 43. j7-p2 44. o2-o1 45. b1-c2 46. j6-j7 47. c2-e10 48. n3-j6
49. d3-e8 50. j7-n4 51. k8-l9 52. j6-n1 53. l9-n2 54. n4-n3 55. k6-k7 56. m8-m10
57. e5-f5 58. o3-o2 59. e10-f9 60. n3-o3 61. e8-i6 62. n1-m5 63. e9-g9 64. m10-k6
65. h7-p1 66. l8-j6 67. f9-h9 68. o1-n1 69. h9-h8 70. n1-l4 71. g9-k5 72. m6-n1
73. h8-i7 74. q1-o1 75. e4-f4 76. m5-l5 77. k5-m5 78. j5-i5 79. n2-j7 80. m7-n2
81. i6-k8 82. o1-q1 83. j7-n4 84. k6-i6 85. m5-o1 86. l5-k4 87. f4-g4 88. k4-j3
89. m9-m10 90. j3-i3 91. f5-j4 92. i3-h4 93. g4-m4 94. l4-m5 95. i7-j7 96. h4-h3
97. j7-l7 98. n2-m6 99. k8-m8 100. h3-g4 101. j4-i3 102. m5-m11 103. k7-m7 104. i5-j5
105. l7-n2 106. m11-l10 107. i3-h4 108. j6-h7`;

describe('the fast position takes back a finishing move exactly', () => {
  // The undo record kept the next free place as it was after the move, so every finishing move searched after
  // another one ranked its player one place lower: the second winning move looked like a loss to the AI.
  it('two moves that fill the goal, one after the other on the same position, both win', () => {
    const game = unwrap(chineseCheckers.parseGame(RECORD));
    const pos = game.clone().searchable;
    const mover = pos.sideToMove();
    const name = (m: PackedMove) => game.moveToString({ kind: 'move', from: moveFrom(m), to: moveTo(m) });
    const winners: string[] = [];
    for (const m of [...pos.generateMoves()]) {
      pos.makeMove(m);
      const outcome = pos.outcome();
      if (outcome) {
        expect(outcome.results[mover], name(m)).toBe('win');
        expect(outcome.ranking?.[mover]).toBe(1);
        winners.push(name(m));
      }
      pos.unmakeMove();
      expect(pos.outcome()).toBeUndefined();
    }
    expect(winners.length).toBeGreaterThanOrEqual(2);
  });
});
