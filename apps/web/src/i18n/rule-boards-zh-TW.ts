/** The words of the rules pages' live boards in Traditional Chinese: a module of their own, so that a page loads only its language's. */
import type { RuleBoardMessages } from './rule-boards.js';

export const ruleBoardsZhTW: RuleBoardMessages = {
  ruleBoards: {
    again: '再看一次',
    label: '示例：{{caption}}',
    'cc-step': '平移：選中的棋子可以走到任何相鄰的空點（已標出）。',
    'cc-jump': '跳躍：選中的棋子跳過相鄰的棋子，落到它後面的空點，還可以接著跳。',
    'hive-queen': '蜂后：滑動一步。',
    'hive-beetle': '甲蟲：向任意方向走一步，也可以爬到蜂巢上面。',
    'hive-grasshopper': '蚱蜢：沿直線跳過棋子，落到第一個空位。',
    'hive-spider': '蜘蛛：繞著蜂巢恰好滑動三步。',
    'hive-ant': '兵蟻：繞著蜂巢滑動任意步。',
    'hive-mosquito': '蚊子：按它接觸到的任一棋子的走法走。',
    'hive-ladybug': '瓢蟲：在蜂巢上面走兩步，再下來一步。',
    'hive-pillbug': '鼠婦：滑動一步，或者把相鄰的棋子搬過自己。',
    'hive-scorpion': '蠍子：像蜘蛛一樣恰好滑動三步。',
    'hive-mantis': '螳螂：在地面上不走；牠抓起相鄰的棋子或者爬上去。',
    'hive-fly': '蒼蠅：滑動一步，不能滑動時可以飛。',
    'hive-wasp': '胡蜂：飛到蜂巢旁邊的一個空位。',
    'hive-cockroach': '蟑螂：爬上本方顏色的棋子，並在上面走過。',
    'hive-dragonfly': '蜻蜓：走一格，再轉個方向走一格。',
    'hive-centipede': '蜈蚣：滑動一步，或者與相鄰的棋子交換位置。',
    'junqi-railway': '鐵路：只要路上沒有阻擋，棋子可以沿直的鐵路走任意遠。',
    'junqi-engineer': '工兵：在鐵路上還可以在交叉處拐彎。',
    'junqi-bomb': '炸彈：像普通棋子一樣走；碰到的棋子與它同歸於盡。',
    'abalone-inline': '直推：選中的彈珠沿自己所在的直線前進。',
    'abalone-broadside': '橫移：選中的彈珠並排移入空格。',
    'abalone-sumito': '推子：三顆同線的彈珠推動較少的對方彈珠。',
  },
  rulesNote: { englishOnly: '這份規則目前只有英文版。' },
};
