import type { Widen } from './widen.js';
/**
 * The words the frame (the header, the menus, the notice of a session ended by the server) and the boards of every
 * page say from the namespaces of pages whose other words load with those pages (page-words.ts): a guest's and the
 * AI's names, an aborted or cancelled game, a rated or casual game, the link to a replay, the tournaments' link, the
 * moderators' link and the notice of a closed or banned account. They come with every page's words, in English; zh-CN
 * and zh-TW are modules of their own, typed against this shape.
 */
export const frameWordsEn = {
  online: {
    guestName: 'Guest-{{id}}',
    ai: 'AI, level {{n}}',
    open: 'open',
    aborted: 'Game aborted — {{player}} did not make a first move',
    cancelled: 'This game was cancelled.',
    noEarlierBoard: 'In a hidden-information game earlier positions are shown in the replay after the end.',
    replay: 'Replay and analysis',
    lobby: 'Back to the lobby',
    casual: 'Casual',
    rated: 'Rated',
  },
  account: { login: 'Log in' },
  tournaments: {
    nav: 'Tournaments',
    homeLink: 'See the tournaments being played and starting soon, or organise one',
    title: 'Tournaments',
  },
  moderation: {
    area: 'Moderation',
  },
  yourData: {
    closed: 'The account is closed.',
    bannedNotice: 'Your account was banned by the moderators: {{reason}}',
    endedNotice: 'You were signed out: this session was ended.',
  },
};

export type FrameWords = Widen<typeof frameWordsEn>;
