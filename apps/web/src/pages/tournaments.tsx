import { GAME_IDS, type GameId } from '@qiyuan/core';
import type { ClockSpec, TournamentFormat, TournamentInfo, TournamentSystem } from '@qiyuan/protocol';
import { useEffect, useState } from 'preact/hooks';
import { type TournamentArmies, WEB_GAMES } from '../games/registry.js';
import { formatDateTime } from '../i18n/format.js';
import { t, tOr } from '../i18n/index.js';
import { account } from '../online/account.js';
import { connection } from '../online/client.js';
import { clockText, speedText } from '../online/names.js';
import { refusalText } from '../online/refusal-words.js';
import { getJson } from '../online/wire.js';
import { navigate } from '../router.js';
import { useStore } from '../store.js';
import { GameSelect } from './game-select.js';
import { TournamentGameOptions } from './tournament-options.js';
import './tournaments.css';

type Listed = 'upcoming' | 'running' | 'finished';
/** `GET /api/tournaments`: a page of each list, the most played first, and which lists have more pages. */
type Lists = Record<Listed, readonly TournamentInfo[]> & { more?: Partial<Record<Listed, true>> };

/** One list, with its further pages loaded when the player asks for them. */
const PagedList = ({ first, status }: { first: Lists; status: Listed }) => {
  const [extra, setExtra] = useState<{ items: readonly TournamentInfo[]; page: number; more: boolean }>({
    items: [],
    page: 1,
    more: first.more?.[status] === true,
  });
  const shown = new Set(first[status].map((x) => x.id));
  const items = [...first[status], ...extra.items.filter((x) => !shown.has(x.id))];
  const next = () =>
    void getJson<Lists>(`api/tournaments?status=${status}&page=${extra.page + 1}`).then((r) => {
      if (r.ok)
        setExtra({
          items: [...extra.items, ...r.value[status]],
          page: extra.page + 1,
          more: r.value.more?.[status] === true,
        });
    });
  return (
    <>
      <List items={items} testid={`tournaments-${status}`} />
      {(extra.page === 1 ? first.more?.[status] === true : extra.more) && (
        <button type="button" data-testid={`tournaments-${status}-more`} onClick={next}>
          {t('tournaments.more')}
        </button>
      )}
    </>
  );
};

const SYSTEMS: readonly TournamentSystem[] = ['swiss', 'round-robin', 'arena', 'knockout'];

/** The time controls the form offers: the lobby's usual presets, no clock, and days per move. */
const CLOCKS: readonly { key: string; clock: ClockSpec }[] = [
  { key: 'none', clock: { kind: 'none' } },
  { key: '3+2', clock: { kind: 'fischer', initialMs: 180_000, incrementMs: 2000 } },
  { key: '5+3', clock: { kind: 'fischer', initialMs: 300_000, incrementMs: 3000 } },
  { key: '10+5', clock: { kind: 'fischer', initialMs: 600_000, incrementMs: 5000 } },
  { key: '15+10', clock: { kind: 'fischer', initialMs: 900_000, incrementMs: 10_000 } },
  { key: '30+20', clock: { kind: 'fischer', initialMs: 1_800_000, incrementMs: 20_000 } },
  // correspondence: a round goes on until every game of it has ended
  { key: 'corr-1', clock: { kind: 'correspondence', daysPerMove: 1 } },
  { key: 'corr-3', clock: { kind: 'correspondence', daysPerMove: 3 } },
  { key: 'corr-7', clock: { kind: 'correspondence', daysPerMove: 7 } },
];

/** Players per Chinese Checkers table (more than two: a table tournament). */
const CC_PLAYERS = ['2', '3', '4', '6'] as const;

export const statusText = (s: TournamentInfo): string =>
  s.status === 'running' ? t('tournaments.status.running', { round: s.round }) : t(`tournaments.status.${s.status}`);

const List = ({ items, testid }: { items: readonly TournamentInfo[]; testid: string }) =>
  items.length === 0 ? (
    <p class="muted">{t('tournaments.none')}</p>
  ) : (
    <ul class="tournament-list" data-testid={testid}>
      {items.map((x) => (
        <li key={x.id} data-testid={`tournament-${x.id}`}>
          <a href={`#/tournament/${encodeURIComponent(x.id)}`}>
            <strong>{x.name}</strong>
          </a>{' '}
          <span class="muted">
            {t(`games.${x.game}`)} · {t(`tournaments.systems.${x.format.system}`)} · {clockText(x.clock)} ·{' '}
            {speedText(x.speed)} · {t('tournaments.entrants', { count: x.players })} · {statusText(x)}
            {x.status === 'upcoming' &&
              x.startsAt !== undefined &&
              ` · ${t('tournaments.startsAt', { time: formatDateTime(x.startsAt) })}`}
          </span>
        </li>
      ))}
    </ul>
  );

/** The create form: what the server's `tournament.create` takes, with the lobby's clocks. */
const CreateForm = () => {
  const [name, setName] = useState('');
  const [game, setGame] = useState<GameId>(GAME_IDS[0]);
  const [players, setPlayers] = useState<string>('2');
  const [armies, setArmies] = useState<TournamentArmies>('two');
  const [clock, setClock] = useState('5+3');
  const [system, setSystem] = useState<TournamentSystem>('swiss');
  const [rounds, setRounds] = useState(5);
  const [double, setDouble] = useState(false);
  const [matchGames, setMatchGames] = useState(1);
  const [tieBreakGames, setTieBreakGames] = useState(2);
  const [minutes, setMinutes] = useState(60);
  const [rated, setRated] = useState(true);
  const [hidden, setHidden] = useState(false);
  const [startKind, setStartKind] = useState<'me' | 'at'>('me');
  const [startTime, setStartTime] = useState('');
  const [error, setError] = useState<string | undefined>();
  const [busy, setBusy] = useState(false);
  const entry = WEB_GAMES[game];
  const seating = entry.tournamentSeating(players, armies);
  const tables = seating.layout === 'tables';
  const teams = seating.layout === 'teams';
  const systems = tables
    ? SYSTEMS.filter((s) => s === 'swiss')
    : teams
      ? SYSTEMS.filter((s) => s !== 'arena')
      : SYSTEMS;
  const [gameOptions, setGameOptions] = useState<Record<string, string | boolean>>({});
  // the seats the form decides (tables, teams), as the game's own fields name them
  const fixed = seating.fixed;
  const options = (): Record<string, string | number | boolean> => ({ ...gameOptions, ...seating.options });
  const format = (): TournamentFormat => {
    switch (system) {
      case 'swiss':
        return { system, rounds, ...(matchGames > 1 ? { matchGames } : {}) };
      case 'round-robin':
        return { system, ...(double ? { double } : {}), ...(matchGames > 1 ? { matchGames } : {}) };
      case 'arena':
        return { system, durationMs: minutes * 60_000 };
      case 'knockout':
        return { system, ...(matchGames > 1 ? { matchGames } : {}), tieBreakGames };
    }
  };
  const submit = async (e: Event) => {
    e.preventDefault();
    setBusy(true);
    setError(undefined);
    const startsAt = startKind === 'at' && startTime ? new Date(startTime).getTime() : undefined;
    const r = await connection.request({
      type: 'tournament.create',
      name: name.trim(),
      game,
      options: options(),
      clock: CLOCKS.find((c) => c.key === clock)!.clock,
      format: format(),
      rated,
      private: hidden,
      ...(startsAt === undefined || Number.isNaN(startsAt) ? {} : { startsAt }),
    });
    setBusy(false);
    if (!r.ok) {
      setError(t('tournaments.error', { reason: refusalText(r) }));
      return;
    }
    if (r.msg.type === 'tournament.created') navigate({ page: 'tournament', id: r.msg.tournament.id });
  };
  const num = (set: (n: number) => void) => (e: Event) => set(Number((e.currentTarget as HTMLInputElement).value));
  return (
    <form class="create tournament-form" data-testid="tournament-form" onSubmit={submit}>
      <label>
        {t('tournaments.name')}
        <input
          name="name"
          required
          minLength={3}
          maxLength={60}
          value={name}
          onInput={(e) => setName(e.currentTarget.value)}
        />
      </label>
      <label for="tournament-game">
        {t('tournaments.game')}
        <GameSelect id="tournament-game" name="game" value={game} onChange={setGame} />
      </label>
      {entry.tournamentChoice === 'players' && (
        <label>
          {t('tournaments.players')}
          <select
            name="players"
            value={players}
            onChange={(e) => {
              setPlayers(e.currentTarget.value);
              if (e.currentTarget.value !== '2') setSystem('swiss');
            }}
          >
            {CC_PLAYERS.map((n) => (
              <option key={n} value={n}>
                {n}
              </option>
            ))}
          </select>
        </label>
      )}
      {entry.tournamentChoice === 'armies' && (
        <label>
          {t('tournaments.armies')}
          <select
            name="armies"
            value={armies}
            onChange={(e) => {
              const next = e.currentTarget.value as 'two' | 'pairs' | 'ffa';
              setArmies(next);
              if (next !== 'two' && system === 'arena') setSystem('swiss');
              if (next === 'ffa') setSystem('swiss');
            }}
          >
            {(['two', 'pairs', 'ffa'] as const).map((a) => (
              <option key={a} value={a}>
                {t(`tournaments.armiesOf.${a}`)}
              </option>
            ))}
          </select>
        </label>
      )}
      <label>
        {t('tournaments.clock')}
        <select name="clock" value={clock} onChange={(e) => setClock(e.currentTarget.value)}>
          {CLOCKS.map((c) => (
            <option key={c.key} value={c.key}>
              {clockText(c.clock)}
            </option>
          ))}
        </select>
      </label>
      <TournamentGameOptions game={game} fixed={fixed} onChange={setGameOptions} />
      <fieldset>
        <legend>{t('tournaments.system')}</legend>
        {systems.map((s) => (
          <label key={s} class="choice">
            <input type="radio" name="system" value={s} checked={system === s} onChange={() => setSystem(s)} />
            {t(`tournaments.systems.${s}`)}
          </label>
        ))}
        <p class="muted">{t(`tournaments.systemAbout.${system}`)}</p>
        {system === 'swiss' && (
          <label>
            {t('tournaments.rounds')}
            <input name="rounds" type="number" min={1} max={30} value={rounds} onInput={num(setRounds)} />
          </label>
        )}
        {system === 'round-robin' && (
          <label class="choice">
            <input
              name="double"
              type="checkbox"
              checked={double}
              onChange={(e) => setDouble(e.currentTarget.checked)}
            />
            {t('tournaments.double')}
          </label>
        )}
        {system !== 'arena' && !tables && (
          <label>
            {t('tournaments.matchGames')}
            <input name="matchGames" type="number" min={1} max={9} value={matchGames} onInput={num(setMatchGames)} />
          </label>
        )}
        {system === 'knockout' && (
          <label>
            {t('tournaments.tieBreakGames')}
            <input
              name="tieBreakGames"
              type="number"
              min={1}
              max={9}
              value={tieBreakGames}
              onInput={num(setTieBreakGames)}
            />
          </label>
        )}
        {system === 'arena' && (
          <label>
            {t('tournaments.duration')}
            <input name="duration" type="number" min={5} max={10_080} value={minutes} onInput={num(setMinutes)} />
          </label>
        )}
      </fieldset>
      <fieldset>
        <legend>{t('tournaments.start')}</legend>
        <label class="choice">
          <input type="radio" name="start" checked={startKind === 'me'} onChange={() => setStartKind('me')} />
          {t('tournaments.startByMe')}
        </label>
        <label class="choice">
          <input type="radio" name="start" checked={startKind === 'at'} onChange={() => setStartKind('at')} />
          {t('tournaments.startAt')}
        </label>
        {startKind === 'at' && (
          <label>
            {t('tournaments.startTime')}
            <input
              name="startTime"
              type="datetime-local"
              required
              value={startTime}
              onInput={(e) => setStartTime(e.currentTarget.value)}
            />
          </label>
        )}
      </fieldset>
      <label class="choice">
        <input name="rated" type="checkbox" checked={rated} onChange={(e) => setRated(e.currentTarget.checked)} />
        {t('tournaments.rated')}
      </label>
      <label class="choice">
        <input name="private" type="checkbox" checked={hidden} onChange={(e) => setHidden(e.currentTarget.checked)} />
        {t('tournaments.private')}
      </label>
      {error && (
        <p class="error" role="alert">
          {error}
        </p>
      )}
      <button type="submit" class="primary" data-testid="tournament-create" disabled={busy}>
        {t('tournaments.submit')}
      </button>
    </form>
  );
};

/** `#/tournaments`: the public tournaments by status, and the form to organise one. */
export const TournamentsPage = () => {
  const me = useStore(account).user;
  const [lists, setLists] = useState<Lists | undefined>();
  const [failed, setFailed] = useState<string | undefined>();
  useEffect(() => {
    let live = true;
    const load = () =>
      void getJson<Lists>('api/tournaments').then((r) => {
        if (!live) return;
        if (r.ok) setLists(r.value);
        else setFailed(tOr(`online.errors.${r.code}`, t('errors.network')));
      });
    load();
    const timer = setInterval(load, 15_000);
    return () => {
      live = false;
      clearInterval(timer);
    };
  }, []);
  return (
    <section class="tournaments" data-testid="tournaments-page">
      <h1>{t('tournaments.title')}</h1>
      <p class="muted">{t('tournaments.intro')}</p>
      {failed && <p class="error">{failed}</p>}
      {lists && (
        <>
          <h2>{t('tournaments.running')}</h2>
          <PagedList first={lists} status="running" />
          <h2>{t('tournaments.upcoming')}</h2>
          <PagedList first={lists} status="upcoming" />
          <h2>{t('tournaments.finished')}</h2>
          <PagedList first={lists} status="finished" />
        </>
      )}
      <h2>{t('tournaments.create')}</h2>
      {me && !me.guest ? (
        <>
          <p class="muted">{t('tournaments.createHint')}</p>
          <CreateForm />
        </>
      ) : (
        <p>
          <a href="#/account">{t('tournaments.needAccount')}</a>
        </p>
      )}
    </section>
  );
};
