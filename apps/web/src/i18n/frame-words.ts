/**
 * The words the frame (the header, the menus, the notice of a session ended by the server) says from the namespaces of
 * pages whose other words load with those pages (page-words.ts): the tournaments' link, the moderators' link and the
 * notice of a closed or banned account. They come with every page's words, in English; zh-CN and zh-TW are modules of
 * their own, typed against this shape.
 */
export const frameWordsEn = {
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

type Widen<T> = { -readonly [K in keyof T]: T[K] extends string ? string : Widen<T[K]> };
export type FrameWords = Widen<typeof frameWordsEn>;
