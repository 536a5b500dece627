/**
 * The words of the rules pages' live boards: each board's caption says which piece is chosen and what the
 * highlighted points mean. Merged into the catalogue at start; zh-CN and zh-TW are typed against the English shape.
 */
export const ruleBoardsEn = {
  ruleBoards: {
    again: 'Show again',
    label: 'Example: {{caption}}',
    'cc-step': 'A step: the piece chosen may move to any empty neighbouring point (highlighted).',
    'cc-jump':
      'A jump: the piece chosen hops over a neighbouring piece to the empty point behind it, and may go on hopping.',
    'hive-queen': 'Queen Bee: one sliding step.',
    'hive-beetle': 'Beetle: one step in any direction, also up onto the hive.',
    'hive-grasshopper': 'Grasshopper: jumps in a straight line over the tiles to the first empty space.',
    'hive-spider': 'Spider: exactly three sliding steps around the hive.',
    'hive-ant': 'Soldier Ant: any number of sliding steps around the hive.',
    'hive-mosquito': 'Mosquito: moves as any tile it touches.',
    'hive-ladybug': 'Ladybug: two steps on top of the hive, then one down.',
    'hive-pillbug': 'Pillbug: one sliding step, or it lifts a neighbour over itself.',
    'hive-scorpion': 'Scorpion: exactly three sliding steps, like a Spider.',
    'hive-mantis': 'Mantis: does not walk on the ground; it grabs a neighbour or climbs.',
    'hive-fly': 'Fly: one sliding step, or it flies when it cannot slide.',
    'hive-wasp': 'Wasp: flies to an empty space beside the hive.',
    'hive-cockroach': 'Cockroach: climbs onto its own colour and walks across it.',
    'hive-dragonfly': 'Dragonfly: one space, then one space turned aside.',
    'hive-centipede': 'Centipede: one sliding step, or it swaps places with a neighbour.',
    'junqi-railway': 'Railway: a piece runs any distance along a straight railway while the way is clear.',
    'junqi-engineer': 'Engineer: on the railway it may also turn at the junctions.',
    'junqi-bomb': 'Bomb: moves like an ordinary piece; whatever it meets dies with it.',
    'abalone-inline': 'In line: the chosen marbles move along their own line.',
    'abalone-broadside': 'Broadside: the chosen marbles move side by side into empty cells.',
    'abalone-sumito': 'Sumito: three marbles in line push fewer opposing marbles.',
  },
};

type Widen<T> = { -readonly [K in keyof T]: T[K] extends string ? string : Widen<T[K]> };
export type RuleBoardMessages = Widen<typeof ruleBoardsEn>;

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
};

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
};
