/** The words of bot accounts and challenges, in English; zh-CN and zh-TW are modules of their own, typed against this. */
export const botsEn = {
  bots: {
    tag: 'BOT',
    tagTitle: 'A computer program plays on this account',
    challenge: 'Challenge',
    challengeTitle: 'Challenge {{name}}',
    game: 'Game',
    send: 'Send the challenge',
    sent: 'Challenge sent to {{name}}: waiting for the answer…',
    cancel: 'Withdraw',
    canceled: 'Challenge withdrawn.',
    declined: '{{name}} declined your challenge: {{reason}}',
    failed: 'The challenge was not sent: {{reason}}',
    incoming: 'Challenges',
    challengesYou: 'challenges you',
    accept: 'Accept',
    decline: 'Decline',
    answerFailed: 'That did not work: {{reason}}',
    mySeat: 'My side',
    random: 'Drawn at random',
    reasons: {
      generic: 'not now',
      later: 'later, please',
      tooFast: 'this time control is too fast',
      tooSlow: 'this time control is too slow',
      timeControl: 'not this time control',
      rated: 'casual games only, please',
      casual: 'rated games only, please',
      variant: 'not this game or these options',
      noBot: 'no games against bots',
      onlyBot: 'games against bots only',
    },
  },
};

export type BotsWords = typeof botsEn;
