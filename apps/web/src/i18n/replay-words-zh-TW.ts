/** The words of a replay and of its fair-deal proof in Traditional Chinese (replay-words.ts). */
import type { ReplayWords } from './replay-words.js';

export const replayWordsZhTW: ReplayWords = {
  replay: {
    title: '復盤',
    analysis: '分析',
    analysisHint: '在棋盤上走任意一步，從目前顯示的局面開始研究變化。',
    // 有暗子的對局在分析棋盤上：顯示的是哪一種認知
    analyseAllKnown: '亮出所有棋子分析（對局已結束）',
    analyseAsKnown: '按{{player}}在對局中所知分析',
    line: '我的變化',
    fromPly: '從第 {{n}} 步起',
    trySetup: '試試自己的開局設定',
    backToGame: '回到實戰',
    export: '棋譜',
    copy: '複製',
    copied: '已複製',
    download: '下載',
    ask: '請電腦分析',
    thinking: '電腦思考中……',
    suggestion: '電腦走 {{move}}',
    score: '輪走方評分 {{score}}',
    play: '走這步',
    notOver: '這局棋還在進行中。',
    watchLive: '即時觀戰',
    loading: '正在載入對局……',
    notFound: '這局棋不存在。',
    started: '對局日期：{{date}}',
    view: '棋盤視角',
    everyone: '觀戰者',
    exportFailed: '無法載入棋譜。',
    fairTitle: '公平驗證',
    fair: {
      waiting: '對局結束後公布種子和鹽；下面的承諾值在第一步之前已告知每位棋手。',
      checking: '正在驗證…',
      verified:
        '已驗證：賽後公開的種子和鹽，連同它們產生的布局，得到的正是開局前告知每位棋手的承諾值。暗子在對局開始前就已確定。',
      mismatch: '不一致：賽後公開的種子和鹽得不到開局時告知的承諾值。',
      unavailable: '此瀏覽器無法在本頁驗證（需要安全連線）。',
    },
    onDevice: '在本裝置上對弈（{{mode}}），{{date}}',
    aiLevel: '電腦，{{n}} 級',
    here: '本裝置',
    localNotOver: '這局棋還沒有結束：結束後即可復盤。',
    backToLocal: '回到對局',
  },
};
