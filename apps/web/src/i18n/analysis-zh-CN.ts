import type { analysisEn } from './analysis-en.js';

/** The analysis board's words in Simplified Chinese. */
export const analysisZhCN: typeof analysisEn = {
  analysis: {
    title: '分析棋盘',
    intro: '双方的着法都可以随意走，可以试变化，也可以请引擎分析。这里不是对局：没有计时，也没有对手。',
    choose: '棋类',
    moves: '着法',
    start: '起始局面',
    noMoves: '还没有着法：在棋盘上走一步。',
    undo: '撤销',
    promote: '提升变化',
    mainLine: '设为主线',
    delete: '从这里删除',
    comment: '这一步的注释',
    commentStart: '起始局面的注释',
    keys: '按键：← → 前后走一步，↑ ↓ 换一个变化，首页键和末页键到开头和结尾。',
    toMove: '轮到{{player}}',
    // 从回放打开的有暗子的已结束对局：棋盘显示的是哪一种认知
    knownAll: '所有棋子都已知：对局已结束，暗子都翻成明子显示。',
    knownSeat: '按{{player}}在对局中所知：{{player}}没见过的棋子仍然暗着。',
    flip: '翻转棋盘',
    over: '对局结束：{{result}}',
    editor: {
      title: '局面编辑',
      refused: '这个局面不成立：{{reason}}',
    },
    import: {
      title: '导入',
      refused: '读不懂这段文字：{{reason}}',
    },
    link: {
      refused: '这个链接打不开：{{reason}}',
    },
    export: {
      title: '导出',
      record: '当前这条线的棋谱',
      tree: '所有变化和注释',
      link: '这个棋盘的链接',
      copyLink: '复制链接',
      copied: '已复制',
    },
    engine: {
      title: '引擎',
      start: '启动引擎',
      stop: '停止',
      lines: '线路',
      threads: '线程',
      threadsTitle: '引擎用这台设备的几个处理器核心来搜索',
      loading: '正在载入引擎…',
      beliefs:
        '这个棋盘上所有棋子都是明的，所以引擎看得到全部棋子。在有暗子的对局里，引擎只根据这一方知道和推测的情况思考，从不看暗子。',
    },
    open: '打开分析棋盘',
  },
  continueFrom: {
    title: '从这里接着下',
    hint: '在本设备上把这个局面下完：与电脑对弈（你执该走的一方），或与朋友在同一屏幕上对弈。',
    level: '电脑级别',
    ai: '与电脑对弈',
    friend: '与朋友同屏对弈',
    levels: { '1': '入门', '2': '休闲', '3': '棋社', '4': '高手', '5': '大师' },
  },
};
