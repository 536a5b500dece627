import { GAME_IDS, type GameId } from '@qiyuan/core';
import type { ComponentType, JSX } from 'preact';
import { useEffect, useState } from 'preact/hooks';
import { Who } from './account-menu.js';
import { loadGame } from './games/types.js';
import { addWords, changeLanguage, i18n, LANGUAGES, type Language, t, type WordsLoader } from './i18n/index.js';
import { formWords, puzzleWords, refusalWords, ruleBoardWords, settingsPageWords } from './i18n/page-words.js';
import { SessionEnded } from './online/session-ended.js';
import { loadSave } from './play/saves.js';
import { type Route, route } from './router.js';
import { chooseLanguage, settings } from './settings.js';
import { SiteNav } from './site-nav.js';
import { useStore } from './store.js';
import './pages/online.css';
import { IncomingChallenges } from './online/challenges.js';

/** A page that can start loading before it is drawn: `start` begins fetching its chunk and its words. */
type LazyPage<P> = ((props: P) => JSX.Element) & { start(props: P, lng: Language): void };

/**
 * A page loaded on first visit (its own chunk): the replay, profiles and the
 * account forms are not needed to play, so the first load goes without them.
 * The words only this page says (`words`, a chunk per language) load beside it, and it is drawn once both are in.
 * `start` lets the entry fetch the page's chunk and words beside every page's words (`startRoute`), instead of after
 * them: on a slow network each load in a chain costs a round trip.
 */
const lazyPage = <P extends object>(
  load: (props: P) => Promise<ComponentType<P>>,
  words: readonly WordsLoader[] = [],
): LazyPage<P> => {
  let loaded: ComponentType<P> | undefined;
  let pending: Promise<ComponentType<P>> | undefined;
  const fetchPage = (props: P): Promise<ComponentType<P>> => {
    pending ??= load(props).then(
      (c) => (loaded = c),
      (e: unknown) => {
        // offline before it was cached: the next visit of the page asks again
        pending = undefined;
        throw e;
      },
    );
    return pending;
  };
  const Lazy = (props: P) => {
    const [Page, setPage] = useState<ComponentType<P> | undefined>(() => loaded);
    const [failed, setFailed] = useState(false);
    useEffect(() => {
      if (Page) return;
      // words that cannot load (offline before they were cached) leave the page drawn without them, as every page's do
      Promise.all([fetchPage(props), ...words.map((w) => addWords(w).catch(() => undefined))]).then(
        ([c]) => setPage(() => c),
        () => setFailed(true),
      );
    }, []);
    if (failed) return <p class="error">{t('errors.network')}</p>;
    return Page ? <Page {...props} /> : <p aria-busy="true">…</p>;
  };
  return Object.assign(Lazy, {
    start: (props: P, lng: Language) => {
      if (loaded) return;
      fetchPage(props).catch(() => undefined);
      // only the words' module is fetched here: they join the catalogue once it is started (addWords, above)
      for (const w of words) w(lng).catch(() => undefined);
    },
  });
};

/**
 * A game on this device is a page of its own too, so that the other pages (the analysis board, the replays) do not
 * carry its session and board view. Its game's chunk is fetched beside the page's (the save says which game), not
 * after it, so the board comes no later than when the page was part of the first chunk.
 */
const GamePage = lazyPage<{ id: string }>(async ({ id }) => {
  const save = loadSave(id);
  if (save) void loadGame(save.game).catch(() => undefined);
  return (await import('./pages/game.js')).GamePage;
});
const ReplayPage = lazyPage<{ id: string; device?: boolean | undefined }>(
  async () => (await import('./pages/replay.js')).ReplayPage,
);
const ProfilePage = lazyPage<{ name?: string | undefined }>(
  async () => (await import('./pages/profile.js')).ProfilePage,
);
const AnalysisPage = lazyPage<{ game?: string | undefined; state?: string | undefined }>(
  async () => (await import('./pages/analysis.js')).AnalysisPage,
  // "continue from here" names the AI's levels
  [formWords],
);
// the tournaments page's form offers a game's options, with their help
const TournamentsPage = lazyPage<Record<string, never>>(
  async () => (await import('./pages/tournaments.js')).TournamentsPage,
  [refusalWords, formWords],
);
const TournamentPage = lazyPage<{ id: string }>(
  async () => (await import('./pages/tournament.js')).TournamentPage,
  [refusalWords],
);
const PuzzlesPage = lazyPage<{ game?: string | undefined }>(
  async () => (await import('./pages/puzzles.js')).PuzzlesPage,
  [puzzleWords],
);
const ConfirmEmailPage = lazyPage<{ token?: string | undefined }>(
  async () => (await import('./pages/mail-links.js')).ConfirmEmailPage,
);
const ResetPasswordPage = lazyPage<{ token?: string | undefined }>(
  async () => (await import('./pages/mail-links.js')).ResetPasswordPage,
);
const AccountPage = lazyPage<Record<string, never>>(async () => (await import('./pages/account.js')).AccountPage);
const ModerationPage = lazyPage<{ name?: string | undefined }>(
  async () => (await import('./pages/moderation.js')).ModerationPage,
);
// the home page, an online game, the rules and the settings are pages of their own too: a page loads only its own
const HomePage = lazyPage<Record<string, never>>(
  async () => (await import('./pages/home.js')).HomePage,
  [refusalWords, formWords],
);
const OnlinePage = lazyPage<{ id: string }>(async () => (await import('./pages/online.js')).OnlinePage, [refusalWords]);
const RulesPage = lazyPage<{ game?: string | undefined }>(
  async () => (await import('./pages/rules.js')).RulesPage,
  [ruleBoardWords],
);
const SettingsPage = lazyPage<Record<string, never>>(
  async () => (await import('./pages/settings.js')).SettingsPage,
  [settingsPageWords],
);

/** Fetches a game's chunk ahead of the page that shows it; a text that names no game is left to the page. */
const startGame = (id: string | undefined): void => {
  if (id && (GAME_IDS as readonly string[]).includes(id)) void loadGame(id as GameId).catch(() => undefined);
};

/**
 * Starts fetching what the first page drawn will ask for — its chunk, its words, the game it shows, a rule text —
 * side by side with every page's words, before the app is drawn (main.tsx). Each of these would otherwise wait for
 * the one before it: on "Fast 3G" a round trip is over half a second.
 */
export const startRoute = (r: Route, lng: Language): void => {
  switch (r.page) {
    case 'home':
      HomePage.start({}, lng);
      // the create form shows Hive's options first (pages/home.tsx)
      startGame('hive');
      break;
    case 'local':
      GamePage.start({ id: r.id }, lng);
      break;
    case 'online':
      OnlinePage.start({ id: r.id }, lng);
      break;
    case 'replay':
      ReplayPage.start({ id: r.id, device: r.device }, lng);
      startGame(r.device ? loadSave(r.id)?.game : undefined);
      break;
    case 'rules':
      RulesPage.start({ game: r.game }, lng);
      if (r.game) void import('./pages/rule-files.js').then((f) => f.ruleFile(r.game!, lng)?.load()).catch(() => {});
      break;
    case 'analysis':
      AnalysisPage.start({ game: r.game, state: r.state }, lng);
      startGame(r.game ?? 'hive');
      break;
    case 'puzzles':
      PuzzlesPage.start({ game: r.game }, lng);
      startGame(r.game ?? 'hive');
      break;
    case 'tournaments':
      TournamentsPage.start({}, lng);
      break;
    case 'tournament':
      TournamentPage.start({ id: r.id }, lng);
      break;
    case 'settings':
      SettingsPage.start({}, lng);
      break;
    case 'profile':
      ProfilePage.start({ name: r.name }, lng);
      break;
    case 'account':
      AccountPage.start({}, lng);
      break;
    case 'mod':
      ModerationPage.start({ name: r.name }, lng);
      break;
    case 'confirm-email':
      ConfirmEmailPage.start({ token: r.token }, lng);
      break;
    case 'reset-password':
      ResetPasswordPage.start({ token: r.token }, lng);
      break;
  }
};

let turnCount: ComponentType | undefined;

/**
 * The header's count of games where it is the player's move, and its notices: its module loads once the page is
 * drawn, not before it — the count shows nothing until the server has answered anyway.
 */
const TurnCount = () => {
  const [Count, setCount] = useState<ComponentType | undefined>(() => turnCount);
  useEffect(() => {
    if (Count) return;
    void import('./online/turns.js').then(
      (m) => setCount(() => (turnCount = m.TurnCount)),
      // offline before it was cached: the header goes without the count
      () => undefined,
    );
  }, []);
  return Count ? <Count /> : null;
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
      return <AnalysisPage key={r.game ?? 'hive'} game={r.game} state={r.state} />;
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
        <IncomingChallenges />
        {page(r)}
      </main>
    </div>
  );
};
