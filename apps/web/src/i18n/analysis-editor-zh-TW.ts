import type { AnalysisEditorMessages } from './analysis-editor-en.js';

/** 分析棋盤的局面編輯器與匯入框的用語（繁體中文）。 */
export const analysisEditorZhTW: AnalysisEditorMessages = {
  analysis: {
    editor: {
      hint: '先選規則和起始局面，再擺好棋盤。這個棋盤上所有棋子都是明的。',
      sideToMove: '輪到',
      clear: '清空棋盤',
      ccStart: '{{n}} 人開局',
      abSetup: '棋盤上的彈珠',
      abSetupHelp: '點一個格子放黑珠，再點換成白珠，再點清空。每方保留九到十四顆；少掉的算作已被推出。',
      setUp: '擺出這個局面',
      setups: '各方佈陣，按座位順序，用逗號分開',
      setupsHelp: '每一方照已儲存佈陣的寫法；留空：各方都用經典佈陣。',
      ccSetup: '棋盤上的棋子和輪到走的顏色',
      ccSetupHelp: '從上往下十七行，用斜線分開：字母表示棋子的顏色，數字表示空位；最後是輪到走的顏色。',
      hiveHelp: '在下面逐塊擺出昆蟲棋的局面（遊戲類型和反面由上面的選項決定），或者在下面貼上一盤棋。',
    },
    import: {
      label: '本站匯出的棋譜、這個棋盤匯出的所有變化，或者它的連結',
      labelHive: '本站匯出的棋譜、這個棋盤匯出的所有變化、它的連結，或者別的工具匯出的昆蟲棋棋局字串',
      load: '載入',
    },
    jq: {
      title: '棋盤上的佈陣',
      help: '先在下面某一方的棋子裡選一枚，再點這一方的一個棋位把它放上。點一枚已放的棋子，再點另一個棋位，就移過去或兩枚互換；再點這一方的棋子欄（或按刪除鍵）就收回。',
      palette: '{{army}}還未放上的棋子',
      loadPreset: '載入',
      random: '隨機佈陣',
      fillRest: '隨機補滿',
      clear: '清空',
      loaded: '{{army}}：已載入{{name}}佈陣。',
      dealt: '{{army}}：已隨機佈好一個合規的陣。',
      filled: '{{army}}：其餘棋子已隨機放好。',
      cleared: '{{army}}：棋子全部收回。',
      removed: '{{rank}}已收回{{army}}的棋子欄。',
      ready: '佈陣完整，合乎規則。',
      notReady: '{{army}}的佈陣還不能擺出：{{problem}}',
      over: '{{rank}}多了：要收回 {{n}} 枚。',
      unread: '文字裡{{army}}的佈陣讀不懂：{{reason}}每方六排、每排五個棋位，從第一排寫到最後一排，用「/」分開。',
      landlord: '三打一的各方棋子由叫分發牌決定，這裡沒有固定的棋子可擺：棋盤從叫分開始。',
      refuse: {
        'setup-flag': '不能放：軍旗不能放在{{point}}，只能放在大本營。',
        'setup-mine': '不能放：{{rank}}不能放在{{point}}，只能放在最後兩排。',
        'setup-bomb': '不能放：炸彈不能放在{{point}}，第一排不能放炸彈。',
        'setup-camp': '不能放：{{point}}是行營，開局時行營是空的。',
        'other-army': '不能放：{{point}}不在{{army}}的陣地裡，各方只能佈在自己一方。',
        'none-left': '不能放：{{army}}的{{rank}}已經全部上盤。',
        'setup-impossible': '放不下：{{rank}}已經沒有合規的棋位了。',
      },
    },
  },
};
