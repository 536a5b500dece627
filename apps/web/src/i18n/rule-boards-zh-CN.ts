/** The words of the rules pages' live boards in Simplified Chinese: a module of their own, so that a page loads only its language's. */
import type { RuleBoardMessages } from './rule-boards.js';

export const ruleBoardsZhCN: RuleBoardMessages = {
  ruleBoards: {
    again: '再看一次',
    label: '示例：{{caption}}',
    'cc-step': '平移：选中的棋子可以走到任何相邻的空点（已标出）。',
    'cc-jump': '跳跃：选中的棋子跳过相邻的棋子，落到它后面的空点，还可以接着跳。',
    'hive-queen': '蜂后：滑动一步。',
    'hive-beetle': '甲虫：向任意方向走一步，也可以爬到蜂巢上面。',
    'hive-grasshopper': '蚱蜢：沿直线跳过棋子，落到第一个空位。',
    'hive-spider': '蜘蛛：绕着蜂巢恰好滑动三步。',
    'hive-ant': '兵蚁：绕着蜂巢滑动任意步。',
    'hive-mosquito': '蚊子：按它接触到的任一棋子的走法走。',
    'hive-ladybug': '瓢虫：在蜂巢上面走两步，再下来一步。',
    'hive-pillbug': '鼠妇：滑动一步，或者把相邻的棋子搬过自己。',
    'hive-scorpion': '蝎子：像蜘蛛一样恰好滑动三步。',
    'hive-mantis': '螳螂：在地面上不走；它抓起相邻的棋子或者爬上去。',
    'hive-fly': '苍蝇：滑动一步，不能滑动时可以飞。',
    'hive-wasp': '胡蜂：飞到蜂巢旁边的一个空位。',
    'hive-cockroach': '蟑螂：爬上本方颜色的棋子，并在上面走过。',
    'hive-dragonfly': '蜻蜓：走一格，再转个方向走一格。',
    'hive-centipede': '蜈蚣：滑动一步，或者与相邻的棋子交换位置。',
    'junqi-railway': '铁路：只要路上没有阻挡，棋子可以沿直的铁路走任意远。',
    'junqi-engineer': '工兵：在铁路上还可以在交叉处拐弯。',
    'junqi-bomb': '炸弹：像普通棋子一样走；碰到的棋子与它同归于尽。',
    'abalone-inline': '直推：选中的弹珠沿自己所在的直线前进。',
    'abalone-broadside': '横移：选中的弹珠并排移入空格。',
    'abalone-sumito': '推子：三颗同线的弹珠推动较少的对方弹珠。',
  },
  rulesNote: { englishOnly: '这份规则目前只有英文版。' },
};
