import type { BotsWords } from './bots.js';

/** 机器人账号与挑战用语（简体中文）。 */
export const botsZhCN: BotsWords = {
  bots: {
    tag: '机器人',
    tagTitle: '这个账号由电脑程序下棋',
    challenge: '挑战',
    challengeTitle: '挑战 {{name}}',
    game: '棋类',
    send: '发出挑战',
    sent: '已向 {{name}} 发出挑战，等待回应……',
    cancel: '撤回',
    canceled: '挑战已撤回。',
    declined: '{{name}} 拒绝了你的挑战：{{reason}}',
    failed: '挑战没有发出：{{reason}}',
    incoming: '挑战',
    challengesYou: '向你发起挑战',
    accept: '接受',
    decline: '拒绝',
    answerFailed: '操作没有成功：{{reason}}',
    mySeat: '我执',
    random: '随机决定',
    reasons: {
      generic: '现在不方便',
      later: '请稍后再来',
      tooFast: '这个用时太快',
      tooSlow: '这个用时太慢',
      timeControl: '不接受这个用时',
      rated: '只下不计分的对局',
      casual: '只下计分的对局',
      variant: '不下这种棋或这些选项',
      noBot: '不和机器人下棋',
      onlyBot: '只和机器人下棋',
    },
  },
};
