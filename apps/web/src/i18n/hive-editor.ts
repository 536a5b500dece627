/**
 * The Hive position editor's words, loaded with the editor (a chunk of its own, fetched when the editor is opened),
 * so the analysis board's first load carries none of them.
 */
export const hiveEditorEn = {
  analysis: {
    hv: {
      help: 'Pick a tile from a player’s reserve, then click a cell to place it; a Beetle, Mosquito, Mantis or Dragonfly also goes on top of a stack. Drag a tile to move it. Right-click a tile, press Delete on it, or tick Remove and click it, to take it off.',
      remove: 'Remove',
      clear: 'Clear board',
      start: 'Start position',
      shown: 'Position shown',
      turn: 'Turn number',
      turnAuto: 'automatic',
      notation: 'The position as text',
      notationHelp:
        'Game type; Setup; the side to move and its turn; then each stack, bottom tile first joined by /, @ and its cell q,r. Moves may follow, separated by semicolons.',
      ready: 'The position holds: {{side}} to move, turn {{turn}}.',
      removed: '{{piece}} taken off the board.',
      refuse: {
        'not-in-game':
          'A tile on the board is not in this game type: choose the expansion or reverse side it needs above, or take it off.',
        'tile-twice': 'A tile is on the board twice.',
        'tile-order':
          'Tiles of a kind enter in number order: a higher-numbered tile is on the board while a lower one is in hand.',
        'not-a-climber': 'Only a Beetle, a Mosquito, a Mantis or a Dragonfly may stand on top of another tile.',
        'on-a-scorpion': 'Nothing may stand on a Scorpion.',
        'queen-first':
          'A tile on top of a stack has moved, and no tile moves before its owner’s Queen is placed: place that Queen.',
        disconnected: 'The hive is in two or more parts: every tile must touch the rest of the hive.',
        'one-colour':
          'After the first turn both players have tiles on the board; with a single tile, it is White’s and Black is to move.',
        'turn-too-early': 'The turn number is too early for the tiles on the board: each turn places at most one tile.',
        'queen-missing': 'A Queen is still in hand after her owner’s fourth turn: she must be placed by then.',
        'tournament-opening':
          'A player’s only tile is the Queen, placed on the first turn: the tournament opening forbids that.',
        'game-over': 'A Queen is surrounded: the game is already over, there is nothing to play from here.',
        'empty-board': 'On an empty board White is to move, on turn 1.',
        'roster-phase':
          'A position set up by hand needs the reverse sides fixed: choose them rather than the advanced game.',
        'off-board': 'A tile is too far from the centre of the board.',
        'cell-twice': 'A cell is listed twice: list each stack once, bottom tile first.',
        'bad-turn': 'The turn number is a whole number from 1.',
      },
    },
  },
};

export const hiveEditorZhCN: typeof hiveEditorEn = {
  analysis: {
    hv: {
      help: '从一方的备用棋子中选一块，再点一个格子把它放上去；甲虫、蚊子、螳螂和蜻蜓也可以放在叠起的棋子上面。拖动棋子可以移动它。右键点棋子、在棋子上按删除键，或者勾选“移除”再点它，就把它拿下棋盘。',
      remove: '移除',
      clear: '清空棋盘',
      start: '开局局面',
      shown: '当前显示的局面',
      turn: '回合数',
      turnAuto: '自动',
      notation: '局面的文字',
      notationHelp:
        '依次是游戏类型、摆局标记、轮到的一方和回合数，然后是每一叠棋子，从最下面一块起用 / 连接，再写 @ 和格子坐标 q,r。后面可以接着写着法，用分号分开。',
      ready: '局面成立：轮到{{side}}，第 {{turn}} 回合。',
      removed: '{{piece}} 已拿下棋盘。',
      refuse: {
        'not-in-game': '棋盘上有一块棋子不属于这个游戏类型：在上面选上它需要的扩展或反面，或者把它拿下来。',
        'tile-twice': '同一块棋子在棋盘上出现了两次。',
        'tile-order': '同种棋子按编号顺序上场：编号大的已在棋盘上，编号小的却还在手里。',
        'not-a-climber': '只有甲虫、蚊子、螳螂和蜻蜓可以站在别的棋子上面。',
        'on-a-scorpion': '蝎子上面不能有任何棋子。',
        'queen-first': '叠在上面的棋子一定移动过，而蜂后上场之前不能移动棋子：先放上这一方的蜂后。',
        disconnected: '蜂巢分成了两块或更多：每块棋子都要和蜂巢其余部分相连。',
        'one-colour': '第一回合之后双方都有棋子在棋盘上；只有一块棋子时，它属于白方，轮到黑方。',
        'turn-too-early': '对棋盘上的棋子来说，这个回合数太早了：每回合最多放一块棋子。',
        'queen-missing': '第四回合之后蜂后还在手里：必须在此之前放上蜂后。',
        'tournament-opening': '一方唯一的棋子是在第一回合放下的蜂后：比赛开局规则不允许这样。',
        'game-over': '有一只蜂后已被包围：对局已经结束，没有什么可以再走。',
        'empty-board': '空棋盘时轮到白方，第 1 回合。',
        'roster-phase': '手动摆出的局面需要固定反面：请选择具体的反面，而不是进阶玩法。',
        'off-board': '有棋子离棋盘中心太远。',
        'cell-twice': '同一个格子写了两次：每一叠棋子只写一次，从最下面一块写起。',
        'bad-turn': '回合数是从 1 开始的整数。',
      },
    },
  },
};

export const hiveEditorZhTW: typeof hiveEditorEn = {
  analysis: {
    hv: {
      help: '從一方的備用棋子中選一塊，再點一個格子把它放上去；甲蟲、蚊子、螳螂和蜻蜓也可以放在疊起的棋子上面。拖動棋子可以移動它。右鍵點棋子、在棋子上按刪除鍵，或者勾選「移除」再點它，就把它拿下棋盤。',
      remove: '移除',
      clear: '清空棋盤',
      start: '開局局面',
      shown: '目前顯示的局面',
      turn: '回合數',
      turnAuto: '自動',
      notation: '局面的文字',
      notationHelp:
        '依次是遊戲類型、擺局標記、輪到的一方和回合數，然後是每一疊棋子，從最下面一塊起用 / 連接，再寫 @ 和格子座標 q,r。後面可以接著寫著法，用分號分開。',
      ready: '局面成立：輪到{{side}}，第 {{turn}} 回合。',
      removed: '{{piece}} 已拿下棋盤。',
      refuse: {
        'not-in-game': '棋盤上有一塊棋子不屬於這個遊戲類型：在上面選上它需要的擴充或反面，或者把它拿下來。',
        'tile-twice': '同一塊棋子在棋盤上出現了兩次。',
        'tile-order': '同種棋子按編號順序上場：編號大的已在棋盤上，編號小的卻還在手裡。',
        'not-a-climber': '只有甲蟲、蚊子、螳螂和蜻蜓可以站在別的棋子上面。',
        'on-a-scorpion': '蠍子上面不能有任何棋子。',
        'queen-first': '疊在上面的棋子一定移動過，而蜂后上場之前不能移動棋子：先放上這一方的蜂后。',
        disconnected: '蜂巢分成了兩塊或更多：每塊棋子都要和蜂巢其餘部分相連。',
        'one-colour': '第一回合之後雙方都有棋子在棋盤上；只有一塊棋子時，它屬於白方，輪到黑方。',
        'turn-too-early': '對棋盤上的棋子來說，這個回合數太早了：每回合最多放一塊棋子。',
        'queen-missing': '第四回合之後蜂后還在手裡：必須在此之前放上蜂后。',
        'tournament-opening': '一方唯一的棋子是在第一回合放下的蜂后：比賽開局規則不允許這樣。',
        'game-over': '有一隻蜂后已被包圍：對局已經結束，沒有什麼可以再走。',
        'empty-board': '空棋盤時輪到白方，第 1 回合。',
        'roster-phase': '手動擺出的局面需要固定反面：請選擇具體的反面，而不是進階玩法。',
        'off-board': '有棋子離棋盤中心太遠。',
        'cell-twice': '同一個格子寫了兩次：每一疊棋子只寫一次，從最下面一塊寫起。',
        'bad-turn': '回合數是從 1 開始的整數。',
      },
    },
  },
};
