import type { Language, WordsLoader } from './index.js';

/**
 * Words that only some pages say, one chunk per language loaded with those pages (the app waits for them before it
 * draws the page, `lazyPage`), so that every other page's first load goes without them: the server's refusals (the
 * pages that talk to it about games and tournaments: the home page, an online game, the tournaments), the puzzles
 * page's words, the rules pages' live boards, the settings page's, and the forms that set up a game (the AI's levels
 * and the options' help: the home page's create form and the analysis board's position editor). Each loader is one
 * object for the app's life: the catalogue loads its words once per language, and another language's on a switch.
 */
const perLanguage =
  (words: Record<Language, () => Promise<Record<string, unknown>>>): WordsLoader =>
  (lng) =>
    words[lng]();

export const refusalWords: WordsLoader = perLanguage({
  en: async () => (await import('./refusals.js')).refusalsEn,
  'zh-CN': async () => (await import('./refusals-zh-CN.js')).refusalsZhCN,
  'zh-TW': async () => (await import('./refusals-zh-TW.js')).refusalsZhTW,
});

/**
 * The lobby's, an online game's and the bots' words (the create form, the seeks, the waiting room, the players and
 * the chat, the challenges, the clocks' names): the pages that play or list online games, the tournaments and the
 * profiles, and the frame's turn count and incoming challenges when it loads them. What every page says of those
 * namespaces (a guest's name, an aborted game's line) is in frame-words.ts.
 */
export const onlineWords: WordsLoader = perLanguage({
  en: async () => {
    const words = await import('./online.js');
    return { ...words.onlineEn, ...words.botsEn };
  },
  'zh-CN': async () => {
    const words = await import('./online-zh-CN.js');
    return { ...words.onlineZhCN, ...words.botsZhCN };
  },
  'zh-TW': async () => {
    const words = await import('./online-zh-TW.js');
    return { ...words.onlineZhTW, ...words.botsZhTW };
  },
});

/** A replay's words and its fair deal's proof. */
export const replayWords: WordsLoader = perLanguage({
  en: async () => (await import('./replay-words.js')).replayWordsEn,
  'zh-CN': async () => (await import('./replay-words-zh-CN.js')).replayWordsZhCN,
  'zh-TW': async () => (await import('./replay-words-zh-TW.js')).replayWordsZhTW,
});

export const puzzleWords: WordsLoader = perLanguage({
  en: async () => (await import('./puzzles.js')).puzzlesEn,
  'zh-CN': async () => (await import('./puzzles-zh-CN.js')).puzzlesZhCN,
  'zh-TW': async () => (await import('./puzzles-zh-TW.js')).puzzlesZhTW,
});

export const ruleBoardWords: WordsLoader = perLanguage({
  en: async () => (await import('./rule-boards.js')).ruleBoardsEn,
  'zh-CN': async () => (await import('./rule-boards-zh-CN.js')).ruleBoardsZhCN,
  'zh-TW': async () => (await import('./rule-boards-zh-TW.js')).ruleBoardsZhTW,
});

export const settingsPageWords: WordsLoader = perLanguage({
  en: async () => (await import('./settings-page.js')).settingsPageEn,
  'zh-CN': async () => (await import('./settings-page-zh-CN.js')).settingsPageZhCN,
  'zh-TW': async () => (await import('./settings-page-zh-TW.js')).settingsPageZhTW,
});

export const formWords: WordsLoader = perLanguage({
  en: async () => (await import('./form-words.js')).formWordsEn,
  'zh-CN': async () => (await import('./form-words-zh-CN.js')).formWordsZhCN,
  'zh-TW': async () => (await import('./form-words-zh-TW.js')).formWordsZhTW,
});

// the pages of rarer visits bring their words themselves; the frame's few words from these namespaces (the
// tournaments' and moderators' links, the notice of a closed account) come with every page's (frame-words.ts)
export const tournamentWords: WordsLoader = perLanguage({
  en: async () => (await import('./tournaments.js')).tournamentsEn,
  'zh-CN': async () => (await import('./tournaments-zh-CN.js')).tournamentsZhCN,
  'zh-TW': async () => (await import('./tournaments-zh-TW.js')).tournamentsZhTW,
});

/** Reporting and blocking (a profile, an online game), the moderators' area and a player's own data (the account). */
export const moderationWords: WordsLoader = perLanguage({
  en: async () => (await import('./moderation.js')).moderationEn,
  'zh-CN': async () => (await import('./moderation-zh-CN.js')).moderationZhCN,
  'zh-TW': async () => (await import('./moderation-zh-TW.js')).moderationZhTW,
});

/** The links the site mails (the account's address, a confirmation, a reset of the password). */
export const mailWords: WordsLoader = perLanguage({
  en: async () => (await import('./account-mail.js')).accountMailEn,
  'zh-CN': async () => (await import('./account-mail-zh-CN.js')).accountMailZhCN,
  'zh-TW': async () => (await import('./account-mail-zh-TW.js')).accountMailZhTW,
});

export const profilePuzzleWords: WordsLoader = perLanguage({
  en: async () => (await import('./profile-puzzles.js')).profilePuzzlesEn,
  'zh-CN': async () => (await import('./profile-puzzles-zh-CN.js')).profilePuzzlesZhCN,
  'zh-TW': async () => (await import('./profile-puzzles-zh-TW.js')).profilePuzzlesZhTW,
});

/** The account's forms: the account page, a mailed link's page, a profile's invitation to register. */
export const accountPageWords: WordsLoader = perLanguage({
  en: async () => (await import('./account-words.js')).accountPageEn,
  'zh-CN': async () => (await import('./account-words-zh-CN.js')).accountPageZhCN,
  'zh-TW': async () => (await import('./account-words-zh-TW.js')).accountPageZhTW,
});

/** A player's profile, and the moderators' look at a player. */
export const playerWords: WordsLoader = perLanguage({
  en: async () => (await import('./player-words.js')).playerPageEn,
  'zh-CN': async () => (await import('./player-words-zh-CN.js')).playerPageZhCN,
  'zh-TW': async () => (await import('./player-words-zh-TW.js')).playerPageZhTW,
});

/** A fair deal's proof (an online game's replay) and a sealed deal's line (an online game). */
export const dealWords: WordsLoader = perLanguage({
  en: async () => (await import('./deal-words.js')).dealWordsEn,
  'zh-CN': async () => (await import('./deal-words-zh-CN.js')).dealWordsZhCN,
  'zh-TW': async () => (await import('./deal-words-zh-TW.js')).dealWordsZhTW,
});
