import type { engineRunEn } from './engine-run-en.js';

/** The words of the analysis engine at work in Traditional Chinese (see engine-run-en.ts). */
export const engineRunZhTW: typeof engineRunEn = {
  analysis: {
    engine: {
      searchThreads_one: '{{count}} 個執行緒',
      searchThreads_other: '{{count}} 個執行緒',
      thinking: '正在思考…',
      depth: '深度 {{depth}} · {{nodes}} 個局面',
      done: '已完成',
      win: '{{n}} 步內勝',
      loss: '{{n}} 步內負',
      play: '走 {{move}}',
      bar: '評估：{{score}}',
      barFor: '對{{player}}而言',
      linesFor: '各著法的分數都以{{player}}的角度計算，與評估條一致',
      stops: {
        'no-move': '這裡沒有可以分析的著法。',
        'game-over': '這個局面裡對局已經結束，沒有可以分析的著法。',
        'not-searchable': '引擎在這裡無法搜尋：各方同時行動（佈陣或挑選棋子）。請擺一個輪到某一方走棋的局面。',
        'no-engine': '這個棋盤上沒有這種棋的引擎。',
        'bad-snapshot': '引擎讀不懂這個局面。請重新載入頁面，再啟動引擎。',
        'bad-depth': '引擎收到了一個它做不到的搜尋要求。請重新載入頁面，再啟動引擎。',
        'bad-time': '引擎收到了一個它做不到的搜尋要求。請重新載入頁面，再啟動引擎。',
        'bad-lines': '引擎顯示不了這麼多（或這麼少）條線路。請換一個線路數。',
        crashed: '引擎出錯停了（可能沒有載入成功：請檢查網路連線）。請再啟動一次，或重新載入頁面。',
        other: '引擎停了：它無法分析這個局面。',
      },
      failed: '引擎停了：{{reason}}',
      fullInformation: '這份棋譜來自一盤有暗子、已經結束的對局：引擎像復盤評析一樣，在知道所有棋子的情況下分析。',
    },
  },
};
