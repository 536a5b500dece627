import { GAME_IDS } from '@qiyuan/core';
import type { ComponentType, JSX } from 'preact';
import { useEffect, useState } from 'preact/hooks';
import { Who } from './account-menu.js';
import { loadGame } from './games/types.js';
import { addWords, changeLanguage, i18n, LANGUAGES, type Language, t, type WordsLoader } from './i18n/index.js';
import { onlineWords } from './i18n/page-words.js';
import { account } from './online/account.js';
import { SessionEnded } from './online/session-ended.js';
import { wentOnline } from './online/wire.js';
import { loadSave } from './play/saves.js';
import { PAGE_WORDS, PAGES } from './route-start.js';
import { type Route, route } from './router.js';
import { chooseLanguage, settings } from './settings.js';
import { SiteNav } from './site-nav.js';
import { useStore } from './store.js';
import './pages/online.css';

/**
 * A page loaded on first visit (its own chunk): the replay, profiles and the
 * account forms are not needed to play, so the first load goes without them.
 * The words only this page says (`words`, a chunk per language) load beside it, and it is drawn once both are in.
 * The first page's chunk and words were started by route-start.ts before the app came, and are found loaded here.
 */
const lazyPage = <P extends object>(
  load: (props: P) => Promise<ComponentType<P>>,
  words: readonly WordsLoader[] = [],
) => {
  let loaded: ComponentType<P> | undefined;
  return (props: P) => {
    const [Page, setPage] = useState<ComponentType<P> | undefined>(() => loaded);
    const [failed, setFailed] = useState(false);
    useEffect(() => {
      if (Page) return;
      // words that cannot load (offline before they were cached) leave the page drawn without them, as every page's do
      Promise.all([load(props), ...words.map((w) => addWords(w).catch(() => undefined))]).then(
        ([c]) => setPage(() => (loaded = c)),
        () => setFailed(true),
      );
    }, []);
    if (failed) return <p class="error">{t('errors.network')}</p>;
    return Page ? <Page {...props} /> : <p aria-busy="true">…</p>;
  };
};

/**
 * A game on this device is a page of its own too, so that the other pages (the analysis board, the replays) do not
 * carry its session and board view. Its game's chunk is fetched beside the page's (the save says which game), not
 * after it, so the board comes no later than when the page was part of the first chunk.
 */
const GamePage = lazyPage<{ id: string }>(async ({ id }) => {
  const save = loadSave(id);
  if (save) void loadGame(save.game).catch(() => undefined);
  return (await PAGES.local()).GamePage;
});
const ReplayPage = lazyPage<{ id: string; device?: boolean | undefined }>(
  async () => (await PAGES.replay()).ReplayPage,
  PAGE_WORDS.replay,
);
const ProfilePage = lazyPage<{ name?: string | undefined }>(
  async () => (await PAGES.profile()).ProfilePage,
  PAGE_WORDS.profile,
);
const AnalysisPage = lazyPage<{ game?: string | undefined; state?: string | undefined }>(
  async () => (await PAGES.analysis()).AnalysisPage,
  PAGE_WORDS.analysis,
);
const TournamentsPage = lazyPage<Record<string, never>>(
  async () => (await PAGES.tournaments()).TournamentsPage,
  PAGE_WORDS.tournaments,
);
const TournamentPage = lazyPage<{ id: string }>(
  async () => (await PAGES.tournament()).TournamentPage,
  PAGE_WORDS.tournament,
);
const PuzzlesPage = lazyPage<{ game?: string | undefined }>(
  async () => (await PAGES.puzzles()).PuzzlesPage,
  PAGE_WORDS.puzzles,
);
const ConfirmEmailPage = lazyPage<{ token?: string | undefined }>(
  async () => (await PAGES['confirm-email']()).ConfirmEmailPage,
  PAGE_WORDS['confirm-email'],
);
const ResetPasswordPage = lazyPage<{ token?: string | undefined }>(
  async () => (await PAGES['reset-password']()).ResetPasswordPage,
  PAGE_WORDS['reset-password'],
);
const AccountPage = lazyPage<Record<string, never>>(
  async () => (await PAGES.account()).AccountPage,
  PAGE_WORDS.account,
);
const ModerationPage = lazyPage<{ name?: string | undefined }>(
  async () => (await PAGES.mod()).ModerationPage,
  PAGE_WORDS.mod,
);
// the home page, an online game, the rules and the settings are pages of their own too: a page loads only its own
const HomePage = lazyPage<Record<string, never>>(async () => (await PAGES.home()).HomePage, PAGE_WORDS.home);
const OnlinePage = lazyPage<{ id: string }>(async () => (await PAGES.online()).OnlinePage, PAGE_WORDS.online);
const RulesPage = lazyPage<{ game?: string | undefined }>(
  async () => (await PAGES.rules()).RulesPage,
  PAGE_WORDS.rules,
);
const SettingsPage = lazyPage<Record<string, never>>(
  async () => (await PAGES.settings()).SettingsPage,
  PAGE_WORDS.settings,
);

let turnCount: ComponentType | undefined;

/**
 * The header's count of games where it is the player's move, and its notices: its module loads once the page is
 * drawn, not before it — the count shows nothing until the server has answered anyway — and only for an account or
 * a guest that has been online in this browser (`wentOnline`): a first visit's guest has no game yet.
 */
const TurnCount = () => {
  const me = useStore(account).user;
  const online = useStore(wentOnline);
  const wanted = me !== undefined && (!me.guest || online);
  const [Count, setCount] = useState<ComponentType | undefined>(() => turnCount);
  useEffect(() => {
    if (Count || !wanted) return;
    // the list names the games' clocks in the lobby's words
    void Promise.all([import('./online/turns.js'), addWords(onlineWords).catch(() => undefined)]).then(
      ([m]) => setCount(() => (turnCount = m.TurnCount)),
      // offline before it was cached: the header goes without the count
      () => undefined,
    );
  }, [wanted]);
  return Count ? <Count /> : null;
};

let incoming: ComponentType | undefined;

/**
 * The challenges made to a logged-in player, on every page. Only an account can be challenged, and the list listens
 * to the socket: its module, with the socket's (online/client.ts), loads once the server has said the session is an
 * account's — a guest's pages (every first visit) go without either.
 */
const Incoming = () => {
  const me = useStore(account).user;
  const member = me !== undefined && !me.guest;
  const [List, setList] = useState<ComponentType | undefined>(() => incoming);
  useEffect(() => {
    if (!member || List) return;
    void Promise.all([import('./online/challenges.js'), addWords(onlineWords).catch(() => undefined)]).then(
      ([m]) => setList(() => (incoming = m.IncomingChallenges)),
      // offline before it was cached: no challenge can come without the server anyway
      () => undefined,
    );
  }, [member]);
  return member && List ? <List /> : null;
};

/** Re-renders on language change so that every visible string follows at once. */
const useLanguage = (): Language => {
  const s = useStore(settings);
  const [, force] = useState(0);
  useEffect(() => {
    // the language's words may load first (a chunk of their own): the page follows once they are in
    if (i18n.language !== s.language) void changeLanguage(s.language).then(() => force((n) => n + 1));
    else force((n) => n + 1);
  }, [s.language]);
  return s.language;
};

const page = (r: Route): JSX.Element => {
  switch (r.page) {
    case 'home':
      return <HomePage />;
    case 'local':
      return <GamePage id={r.id} />;
    case 'online':
      return <OnlinePage id={r.id} />;
    case 'replay':
      return <ReplayPage id={r.id} device={r.device} />;
    case 'rules':
      return <RulesPage game={r.game} />;
    case 'profile':
      return <ProfilePage name={r.name} />;
    case 'account':
      return <AccountPage />;
    case 'settings':
      return <SettingsPage />;
    case 'tournaments':
      return <TournamentsPage />;
    case 'tournament':
      return <TournamentPage key={r.id} id={r.id} />;
    case 'puzzles':
      return <PuzzlesPage game={r.game} />;
    case 'mod':
      return <ModerationPage name={r.name} />;
    case 'analysis':
      // a new game or link opens a new board (the page keeps its own state while the link follows it)
      return <AnalysisPage key={r.game ?? GAME_IDS[0]} game={r.game} state={r.state} />;
    case 'confirm-email':
      return <ConfirmEmailPage key={r.token} token={r.token} />;
    case 'reset-password':
      return <ResetPasswordPage key={r.token} token={r.token} />;
  }
};

export const App = () => {
  const lang = useLanguage();
  const r = useStore(route);
  return (
    <div class="app" key={lang}>
      <button type="button" class="skip" onClick={() => document.getElementById('main')?.focus()}>
        {t('nav.skip')}
      </button>
      <header class="top">
        <a class="brand" href="#/">
          <span aria-hidden="true" class="logo">
            棋
          </span>
          {t('app.name')}
        </a>
        <SiteNav />
        <TurnCount />
        <Who />
        <label class="lang">
          <span class="sr-only">{t('settings.language')}</span>
          <select
            value={lang}
            data-testid="language"
            onChange={(e) => void chooseLanguage((e.currentTarget as HTMLSelectElement).value as Language)}
          >
            {LANGUAGES.map((l) => (
              <option value={l} key={l}>
                {t(`lang.${l}`)}
              </option>
            ))}
          </select>
        </label>
      </header>
      <main id="main" tabIndex={-1}>
        <SessionEnded />
        <Incoming />
        {page(r)}
      </main>
    </div>
  );
};
