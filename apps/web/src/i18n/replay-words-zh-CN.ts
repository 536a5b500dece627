/** The words of a replay and of its fair-deal proof in Simplified Chinese (replay-words.ts). */
import type { ReplayWords } from './replay-words.js';

export const replayWordsZhCN: ReplayWords = {
  replay: {
    title: '复盘',
    analysis: '分析',
    analysisHint: '在棋盘上走任意一步，从当前显示的局面开始研究变化。',
    // 有暗子的对局在分析棋盘上：显示的是哪一种认知
    analyseAllKnown: '亮出所有棋子分析（对局已结束）',
    analyseAsKnown: '按{{player}}在对局中所知分析',
    line: '我的变化',
    fromPly: '从第 {{n}} 步起',
    trySetup: '试试自己的开局设置',
    backToGame: '回到实战',
    export: '棋谱',
    copy: '复制',
    copied: '已复制',
    download: '下载',
    ask: '请电脑分析',
    thinking: '电脑思考中……',
    suggestion: '电脑走 {{move}}',
    score: '轮走方评分 {{score}}',
    play: '走这步',
    notOver: '这局棋还在进行中。',
    watchLive: '实时观战',
    loading: '正在载入对局……',
    notFound: '这局棋不存在。',
    started: '对局日期：{{date}}',
    view: '棋盘视角',
    everyone: '观战者',
    exportFailed: '无法载入棋谱。',
    fairTitle: '公平验证',
    fair: {
      waiting: '对局结束后公布种子和盐；下面的承诺值在第一步之前已告知每位棋手。',
      checking: '正在验证…',
      verified:
        '已验证：赛后公开的种子和盐，连同它们生成的布局，得到的正是开局前告知每位棋手的承诺值。暗子在对局开始前就已确定。',
      mismatch: '不一致：赛后公开的种子和盐得不到开局时告知的承诺值。',
      unavailable: '此浏览器无法在本页验证（需要安全连接）。',
    },
    onDevice: '在本设备上对弈（{{mode}}），{{date}}',
    aiLevel: '电脑，{{n}} 级',
    here: '本设备',
    localNotOver: '这局棋还没有结束：结束后即可复盘。',
    backToLocal: '回到对局',
  },
};
