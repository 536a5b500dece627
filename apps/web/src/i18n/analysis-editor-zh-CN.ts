import type { AnalysisEditorMessages } from './analysis-editor-en.js';

/** 分析棋盘的局面编辑器与导入框的用语（简体中文）。 */
export const analysisEditorZhCN: AnalysisEditorMessages = {
  analysis: {
    editor: {
      hint: '先选规则和起始局面，再摆好棋盘。这个棋盘上所有棋子都是明的。',
      sideToMove: '轮到',
      clear: '清空棋盘',
      ccStart: '{{n}} 人开局',
      abSetup: '棋盘上的弹珠',
      abSetupHelp: '点一个格子放黑珠，再点换成白珠，再点清空。每方保留九到十四颗；少掉的算作已被推出。',
      setUp: '摆出这个局面',
      setups: '各方布阵，按座位顺序，用逗号分开',
      setupsHelp: '每一方照已保存布阵的写法；留空：各方都用经典布阵。',
      ccSetup: '棋盘上的棋子和轮到走的颜色',
      ccSetupHelp: '从上往下十七行，用斜线分开：字母表示棋子的颜色，数字表示空位；最后是轮到走的颜色。',
      hiveHelp: '在下面逐块摆出昆虫棋的局面（游戏类型和反面由上面的选项决定），或者在下面粘贴一盘棋。',
    },
    import: {
      label: '本站导出的棋谱、这个棋盘导出的所有变化，或者它的链接',
      labelHive: '本站导出的棋谱、这个棋盘导出的所有变化、它的链接，或者别的工具导出的昆虫棋棋局字符串',
      load: '载入',
    },
    jq: {
      title: '棋盘上的布阵',
      help: '先在下面某一方的棋子里选一枚，再点这一方的一个棋位把它放上。点一枚已放的棋子，再点另一个棋位，就移过去或两枚互换；再点这一方的棋子栏（或按删除键）就收回。',
      palette: '{{army}}还未放上的棋子',
      loadPreset: '载入',
      random: '随机布阵',
      fillRest: '随机补满',
      clear: '清空',
      loaded: '{{army}}：已载入{{name}}布阵。',
      dealt: '{{army}}：已随机布好一个合规的阵。',
      filled: '{{army}}：其余棋子已随机放好。',
      cleared: '{{army}}：棋子全部收回。',
      removed: '{{rank}}已收回{{army}}的棋子栏。',
      ready: '布阵完整，合乎规则。',
      notReady: '{{army}}的布阵还不能摆出：{{problem}}',
      over: '{{rank}}多了：要收回 {{n}} 枚。',
      unread: '文字里{{army}}的布阵读不懂：{{reason}}每方六排、每排五个棋位，从第一排写到最后一排，用“/”分开。',
      landlord: '三打一的各方棋子由叫分发牌决定，这里没有固定的棋子可摆：棋盘从叫分开始。',
      refuse: {
        'setup-flag': '不能放：军旗不能放在{{point}}，只能放在大本营。',
        'setup-mine': '不能放：{{rank}}不能放在{{point}}，只能放在最后两排。',
        'setup-bomb': '不能放：炸弹不能放在{{point}}，第一排不能放炸弹。',
        'setup-camp': '不能放：{{point}}是行营，开局时行营是空的。',
        'other-army': '不能放：{{point}}不在{{army}}的阵地里，各方只能布在自己一方。',
        'none-left': '不能放：{{army}}的{{rank}}已经全部上盘。',
        'setup-impossible': '放不下：{{rank}}已经没有合规的棋位了。',
      },
    },
  },
};
