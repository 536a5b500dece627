import type { analysisRefusalsEn } from './analysis-refusals-en.js';

/** The analysis board's refusals in Simplified Chinese (see analysis-refusals-en.ts). */
export const analysisRefusalsZhCN: typeof analysisRefusalsEn = {
  analysis: {
    refusals: {
      'link-unreadable': '链接已损坏，无法读取。',
      'link-damaged': '链接已损坏。',
      'link-options': '链接里的选项已损坏。',
      'link-position': '链接里的局面已损坏。',
      'link-move': '链接所指的那步棋已损坏。',
      'tree-unreadable': '链接里的着法已损坏。',
      'tree-too-deep': '链接里的变化超过 {{max}} 步，太长了。',
      'tree-move': '链接里的第 {{ply}} 步已损坏。',
      'lines-no-number': '“{{text}}”前面没有步数（应写成“1. {{text}}”）。',
      'lines-no-move': '步数 {{ply}} 后面没有着法。',
      'lines-side-first': '变化的“(”出现在任何着法之前。',
      'lines-unopened': '右括号“)”没有对应的左括号。',
      'lines-unclosed': '有一个变化没有结束：缺少“)”。',
      'move-refused': '第 {{ply}} 步 {{move}}：{{why}}',
      'not-legal': '这里不能走这步棋。',
      'cc-rows': '局面应有 {{expected}} 行，这里有 {{rows}} 行。',
      'cc-fields': '局面由各行、轮到的颜色以及（食棋时）吃子数组成，用空格分开。',
      'cc-row-letter': '第 {{row}} 行：“{{letter}}”既不是颜色（r o y g b p），也不是空位的个数。',
      'cc-row-points': '第 {{row}} 行应有 {{expected}} 个位置，这里有 {{points}} 个。',
      'ab-too-few': '{{side}}只有 {{n}} 颗弹珠：被推出六颗时对局已经结束。',
      'ab-too-many': '{{side}}有 {{n}} 颗弹珠：每方最多 {{most}} 颗。',
      'jq-rows': '每方布阵有 {{expected}} 排，用“/”分开，这里有 {{rows}} 排。',
      'jq-row-points': '第 {{row}} 排有 {{points}} 个棋位，应为 {{expected}} 个。',
      'jq-letter': '第 {{row}} 排的“{{letter}}”不是棋子的字母。',
      'jq-camp-mark': '“+”表示行营，但第 {{row}} 排第 {{point}} 个棋位不是行营。',
      'hive-moves-only':
        '这里只有着法，没有它们所属的对局。先写对局类型、状态和回合，再写着法，每一项前面加“;”，例如 {{example}}。从本站回放复制的对局已经带有这些。',
      detail: '{{words}}',
    },
  },
};
