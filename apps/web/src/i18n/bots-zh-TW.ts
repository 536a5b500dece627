import type { BotsWords } from './bots.js';

/** 機器人帳號與挑戰用語（繁體中文）。 */
export const botsZhTW: BotsWords = {
  bots: {
    tag: '機器人',
    tagTitle: '這個帳號由電腦程式下棋',
    challenge: '挑戰',
    challengeTitle: '挑戰 {{name}}',
    game: '棋類',
    send: '發出挑戰',
    sent: '已向 {{name}} 發出挑戰，等待回應……',
    cancel: '撤回',
    canceled: '挑戰已撤回。',
    declined: '{{name}} 拒絕了你的挑戰：{{reason}}',
    failed: '挑戰沒有發出：{{reason}}',
    incoming: '挑戰',
    challengesYou: '向你發起挑戰',
    accept: '接受',
    decline: '拒絕',
    answerFailed: '操作沒有成功：{{reason}}',
    mySeat: '我執',
    random: '隨機決定',
    reasons: {
      generic: '現在不方便',
      later: '請稍後再來',
      tooFast: '這個用時太快',
      tooSlow: '這個用時太慢',
      timeControl: '不接受這個用時',
      rated: '只下不計分的對局',
      casual: '只下計分的對局',
      variant: '不下這種棋或這些選項',
      noBot: '不和機器人下棋',
      onlyBot: '只和機器人下棋',
    },
  },
};
