import type { engineRunEn } from './engine-run-en.js';

/** The words of the analysis engine at work in Simplified Chinese (see engine-run-en.ts). */
export const engineRunZhCN: typeof engineRunEn = {
  analysis: {
    engine: {
      searchThreads_one: '{{count}} 个线程',
      searchThreads_other: '{{count}} 个线程',
      thinking: '正在思考…',
      depth: '深度 {{depth}} · {{nodes}} 个局面',
      done: '已完成',
      win: '{{n}} 步内胜',
      loss: '{{n}} 步内负',
      play: '走 {{move}}',
      bar: '评估：{{score}}',
      barFor: '对{{player}}而言',
      linesFor: '各着法的分数都以{{player}}的角度计算，与评估条一致',
      stops: {
        'no-move': '这里没有可以分析的着法。',
        'game-over': '这个局面里对局已经结束，没有可以分析的着法。',
        'not-searchable': '引擎在这里无法搜索：各方同时行动（布阵或挑选棋子）。请摆一个轮到某一方走棋的局面。',
        'no-engine': '这个棋盘上没有这种棋的引擎。',
        'bad-snapshot': '引擎读不懂这个局面。请重新载入页面，再启动引擎。',
        'bad-depth': '引擎收到了一个它做不到的搜索要求。请重新载入页面，再启动引擎。',
        'bad-time': '引擎收到了一个它做不到的搜索要求。请重新载入页面，再启动引擎。',
        'bad-lines': '引擎显示不了这么多（或这么少）条线路。请换一个线路数。',
        crashed: '引擎出错停了（可能没有载入成功：请检查网络连接）。请再启动一次，或重新载入页面。',
        other: '引擎停了：它无法分析这个局面。',
      },
      failed: '引擎停了：{{reason}}',
      fullInformation: '这份棋谱来自一盘有暗子、已经结束的对局：引擎像复盘评析一样，在知道所有棋子的情况下分析。',
    },
  },
};
