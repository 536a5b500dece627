import { GAME_IDS, type GameId } from '@qiyuan/core';
import { WEB_GAMES } from './games/registry.js';
import type { WordsLoader } from './i18n/index.js';
import { type Language, shownLanguage, WORDS } from './i18n/languages.js';
import {
  accountPageWords,
  dealWords,
  formWords,
  mailWords,
  moderationWords,
  onlineWords,
  playerWords,
  profilePuzzleWords,
  puzzleWords,
  refusalWords,
  replayWords,
  ruleBoardWords,
  settingsPageWords,
  tournamentWords,
} from './i18n/page-words.js';
import { loadSave } from './play/saves.js';
import { addressRoute, type Route } from './routes.js';

/**
 * Each page's chunk (app.tsx draws it once it is in) and the words only that page says, a chunk per language.
 */
export const PAGES = {
  home: () => import('./pages/home.js'),
  local: () => import('./pages/game.js'),
  online: () => import('./pages/online.js'),
  replay: () => import('./pages/replay.js'),
  rules: () => import('./pages/rules.js'),
  profile: () => import('./pages/profile.js'),
  account: () => import('./pages/account.js'),
  settings: () => import('./pages/settings.js'),
  tournaments: () => import('./pages/tournaments.js'),
  tournament: () => import('./pages/tournament.js'),
  puzzles: () => import('./pages/puzzles.js'),
  mod: () => import('./pages/moderation.js'),
  analysis: () => import('./pages/analysis.js'),
  'confirm-email': () => import('./pages/mail-links.js'),
  'reset-password': () => import('./pages/mail-links.js'),
} as const satisfies Record<Route['page'], () => Promise<unknown>>;

export const PAGE_WORDS: { readonly [P in Route['page']]?: readonly WordsLoader[] } = {
  // the create form's words (the AI's levels, the options' help), the lobby's; the server's refusals come with a
  // refusal
  home: [formWords, onlineWords],
  // reporting and blocking the players, a sealed deal's line
  online: [onlineWords, refusalWords, moderationWords, dealWords],
  replay: [replayWords],
  rules: [ruleBoardWords],
  settings: [settingsPageWords],
  // the tournaments page's form offers a game's options, with their help
  tournaments: [onlineWords, refusalWords, formWords, tournamentWords],
  tournament: [onlineWords, refusalWords, tournamentWords],
  // a profile's report and block, its puzzles, the guest's invitation to register, its challenge to a bot
  profile: [onlineWords, playerWords, moderationWords, profilePuzzleWords, accountPageWords],
  // the account's forms, its e-mail address and its own data
  account: [accountPageWords, mailWords, moderationWords],
  mod: [moderationWords, playerWords],
  'confirm-email': [mailWords, accountPageWords],
  'reset-password': [mailWords, accountPageWords],
  puzzles: [puzzleWords],
};

/** The game a route's page shows at once, when the route tells: its chunk is fetched beside the page's. */
const gameOf = (r: Route): string | undefined => {
  switch (r.page) {
    case 'local':
      return loadSave(r.id)?.game;
    case 'replay':
      return r.device ? loadSave(r.id)?.game : undefined;
    case 'analysis':
    case 'puzzles':
      return r.game ?? 'hive';
    default:
      return undefined;
  }
};

const quietly = (p: Promise<unknown>): void => void p.catch(() => undefined);

/**
 * Starts fetching everything the first page drawn will ask for — every page's words in the language shown, the
 * page's own words, the page's chunk, the game it shows with that game's words, and a rule text — all at once. It
 * runs as a script of its own (index.html), so it needs only these few small modules: the fetches begin while the
 * app's entry (the catalogue, Preact, the header) is still arriving and being run, not after it, and not one after
 * another as each page asks for the next (on "Fast 3G" a round trip is over half a second). A chunk that arrives
 * before the app has started adds its words in the language the catalogue starts in (i18n/index.ts); the app then
 * finds everything loaded.
 */
export const startRoute = (r: Route, lng: Language): void => {
  quietly(WORDS[lng]());
  for (const w of PAGE_WORDS[r.page] ?? []) quietly(w(lng));
  quietly(PAGES[r.page]());
  const game = gameOf(r);
  if (game && (GAME_IDS as readonly string[]).includes(game)) {
    const entry = WEB_GAMES[game as GameId];
    quietly(entry.load());
    if (entry.words) quietly(entry.words[lng]());
    // a game on this device begins with its setup (Junqi's deployment): the setup editor comes beside the board
    // instead of after it; a replay (which shows the recorded setups) and an analysis board fetch it only when a
    // seat deploys there
    if (entry.setupEditor && r.page === 'local') quietly(entry.setupEditor());
  }
  // the home page's create form shows the first game's options (pages/home.tsx): its form, not its engine and board
  if (r.page === 'home') {
    const first = WEB_GAMES[GAME_IDS[0]];
    quietly(first.form());
    if (first.words) quietly(first.words[lng]());
  }
  // a rule text is plain text in a module of its own
  if (r.page === 'rules' && r.game) {
    const topic = r.game;
    quietly(import('./pages/rule-files.js').then((f) => f.ruleFile(topic, lng)?.load()));
  }
};

// the address itself, not router.ts's store: that would bring Preact into this chunk, which must arrive first
startRoute(addressRoute(), shownLanguage());
