/** A fair deal's and a sealed deal's words (Simplified Chinese). */
import type { DealWords } from './deal-words.js';

export const dealWordsZhCN: DealWords = {
  fairDeal: {
    commitment: '承诺值（SHA-256），第一步之前公布',
    seed: '种子，赛后公布',
    salt: '盐，赛后公布',
    checkYourself: '自己验证',
    hashed: '服务器所哈希的文本，由你的浏览器根据种子、盐和种子生成的布局重新得出：',
    yourHash: '你的浏览器算出的 SHA-256：',
    same: '与承诺值一致：暗子在第一步之前就已确定。',
    different: '与承诺值不一致。',
    how: '如何在别处验证',
    recipe1:
      '承诺值是一个不含空格的 JSON 数组的 UTF-8 文本的 SHA-256（小写十六进制）。数组依次为："qiyuan-commitment-1"、对局编号（本页地址的最后一段）、棋种名称（如 junqi）、种子、盐，以及种子生成的开局局面。',
    recipe2:
      '开局局面是棋规引擎按对局选项和这个种子创建对局后的局面文本：翻棋中是每个暗子在各点位上的颜色和军衔。“自己验证”显示的文本正是被哈希的内容，可复制到任何 SHA-256 工具中比对。',
    recipe3: '对局导出的棋谱以 Commitment、Seed、Salt 标签记有这三个值，仅凭棋谱即可验证。如果发现不一致，请报告。',
  },
  sealed: {
    line: '公平发牌：已封存 {{short}}…',
    tooltip: '暗子布局的指纹（SHA-256），在第一步之前发给每位棋手',
    what: '这是什么？',
    explain:
      '你看不到的棋子，是服务器在开局前用一个秘密种子摆好的。每位棋手都收到了这个指纹，它由种子、一个秘密的盐和它们生成的布局算出；从指纹推不出布局，服务器若改动布局，指纹也会随之改变。对局结束后会公开种子和盐，回放页面会在你的浏览器里重新计算指纹：两者一致，就说明你下的正是开局时封存的那一副布局。',
    full: '完整指纹：',
  },
};
