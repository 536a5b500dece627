import type { analysisEn } from './analysis-en.js';

/** The analysis board's words in Traditional Chinese. */
export const analysisZhTW: typeof analysisEn = {
  analysis: {
    title: '分析棋盤',
    intro: '雙方的著法都可以隨意走，可以試變化，也可以請引擎分析。這裡不是對局：沒有計時，也沒有對手。',
    choose: '棋類',
    moves: '著法',
    start: '起始局面',
    noMoves: '還沒有著法：在棋盤上走一步。',
    undo: '復原',
    promote: '提升變化',
    mainLine: '設為主線',
    delete: '從這裡刪除',
    comment: '這一步的註解',
    commentStart: '起始局面的註解',
    keys: '按鍵：← → 前後走一步，↑ ↓ 換一個變化，首頁鍵和末頁鍵到開頭和結尾。',
    toMove: '輪到{{player}}',
    // 從回放開啟的有暗子的已結束對局：棋盤顯示的是哪一種認知
    knownAll: '所有棋子都已知：對局已結束，暗子都翻成明子顯示。',
    knownSeat: '按{{player}}在對局中所知：{{player}}沒見過的棋子仍然暗著。',
    flip: '翻轉棋盤',
    over: '對局結束：{{result}}',
    editor: {
      title: '局面編輯',
      refused: '這個局面不成立：{{reason}}',
    },
    import: {
      title: '匯入',
      refused: '讀不懂這段文字：{{reason}}',
    },
    link: {
      refused: '這個連結打不開：{{reason}}',
    },
    export: {
      title: '匯出',
      record: '目前這條線的棋譜',
      tree: '所有變化和註解',
      link: '這個棋盤的連結',
      copyLink: '複製連結',
      copied: '已複製',
    },
    engine: {
      title: '引擎',
      start: '啟動引擎',
      stop: '停止',
      lines: '線路',
      threads: '執行緒',
      threadsTitle: '引擎用這台裝置的幾個處理器核心來搜尋',
      loading: '正在載入引擎…',
      beliefs:
        '這個棋盤上所有棋子都是明的，所以引擎看得到全部棋子。在有暗子的對局裡，引擎只根據這一方知道和推測的情況思考，從不看暗子。',
    },
    open: '開啟分析棋盤',
  },
  continueFrom: {
    title: '從這裡接著下',
    hint: '在本裝置上把這個局面下完：與電腦對弈（你執該走的一方），或與朋友在同一螢幕上對弈。',
    level: '電腦級別',
    ai: '與電腦對弈',
    friend: '與朋友同螢幕對弈',
    levels: { '1': '入門', '2': '休閒', '3': '棋社', '4': '高手', '5': '大師' },
  },
};
