import type { GameId } from '@qiyuan/core';
import type { UserInfo } from '@qiyuan/protocol';
import { useEffect, useRef, useState } from 'preact/hooks';
import { formatDate, formatDateTime } from '../i18n/format.js';
import { i18n, listOf, t } from '../i18n/index.js';
import { account } from '../online/account.js';
import { BotTag } from '../online/bot-tag.js';
import { displayName, holderName, signed, speedText } from '../online/names.js';
import { ReportBlock } from '../online/report-block.js';
import { type GameSummary, getJson } from '../online/wire.js';
import { navigate } from '../router.js';
import { useStore } from '../store.js';
import { ProfileChallenge } from './profile-challenge.js';
import { ProfilePuzzles, type PuzzleAttempt, type PuzzleRating } from './profile-puzzles.js';
import { legendValue, tickLabel, timeRange, timeTicks } from './rating-axis.js';

/** `GET /api/users/:name`. */
interface Profile {
  readonly user: UserInfo;
  readonly ratings: readonly {
    game: GameId;
    speed: string;
    rating: number;
    rd: number;
    games: number;
    provisional: boolean;
  }[];
  readonly history: readonly { gameId: string; game: GameId; speed: string; at: number; rating: number }[];
  readonly games: number;
  readonly playing: number;
  readonly wins: number;
  readonly losses: number;
  readonly draws: number;
  readonly puzzleRatings: readonly PuzzleRating[];
  /** The player's latest attempts: to the player alone (`null` to anyone else). */
  readonly puzzleAttempts: readonly PuzzleAttempt[] | null;
}

/** One row of `GET /api/users/:name/games`. */
type GameRow = GameSummary;

const COLOURS = ['#2f6f4f', '#b3261e', '#1a73e8', '#8e44ad', '#c77c02', '#00838f', '#5d4037', '#455a64'];

/**
 * The rating after each rated game, one line per game and speed class, drawn
 * with uPlot (loaded only on this page). Points of different series fall on
 * different dates, so each series has gaps the lines span.
 */
const RatingChart = ({ history }: { history: Profile['history'] }) => {
  const el = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (!el.current || history.length === 0) return;
    let plot: { destroy(): void; setSize(s: { width: number; height: number }): void } | undefined;
    let live = true;
    const keys = [...new Set(history.map((h) => `${h.game}/${h.speed}`))];
    const xs = [...new Set(history.map((h) => Math.floor(h.at / 1000)))].sort((a, b) => a - b);
    const data: (number | null)[][] = [xs];
    for (const k of keys) {
      const byTime = new Map(
        history.filter((h) => `${h.game}/${h.speed}` === k).map((h) => [Math.floor(h.at / 1000), h.rating]),
      );
      data.push(xs.map((x) => byTime.get(x) ?? null));
    }
    const resize = () => {
      if (plot && el.current) plot.setSize({ width: Math.min(el.current.clientWidth || 600, 900), height: 260 });
    };
    void Promise.all([import('uplot'), import('uplot/dist/uPlot.min.css')]).then(([{ default: UPlot }]) => {
      if (!live || !el.current) return;
      plot = new UPlot(
        {
          width: Math.min(el.current.clientWidth || 600, 900),
          height: 260,
          series: [
            {
              label: t('player.date'),
              // the game under the cursor, else the latest: its date and time (a day may hold several games)
              value: (_u: unknown, _v: number | null, _s: number, idx: number | null) => {
                const x = legendValue(xs, idx);
                return x === null ? '—' : formatDateTime(x * 1000);
              },
            },
            ...keys.map((k, i) => {
              const [game, speed] = k.split('/') as [string, string];
              return {
                label: `${t(`games.${game}`)} · ${speedText(speed)}`,
                stroke: COLOURS[i % COLOURS.length],
                width: 2,
                spanGaps: true,
                points: { show: true, size: 5 },
                value: (_u: unknown, _v: number | null, s: number, idx: number | null) =>
                  String(legendValue(data[s] ?? [], idx) ?? '—'),
              };
            }),
          ],
          // the axis spans the games with a margin (a lone game sits in the middle), ratings a margin of 50 rounded
          // to hundreds
          scales: {
            x: { time: true, range: () => timeRange(xs) },
            y: {
              range: (_u: unknown, min: number, max: number) => [
                Math.floor((min - 50) / 100) * 100,
                Math.ceil((max + 50) / 100) * 100,
              ],
            },
          },
          // whole days with their year, in the page's language (uPlot's own are English and may leave the year out)
          axes: [
            {
              space: 90,
              splits: (_u: unknown, _axis: number, min: number, max: number) => timeTicks(min, max),
              values: (_u: unknown, splits: number[]) =>
                splits.map((x) => tickLabel(x, ...timeRange(xs), i18n.language)),
            },
            {},
          ],
        },
        data as never,
        el.current,
      );
    });
    window.addEventListener('resize', resize);
    return () => {
      live = false;
      window.removeEventListener('resize', resize);
      plot?.destroy();
    };
  }, [history]);
  return <div ref={el} class="chart" role="img" aria-label={t('player.history')} data-testid="rating-chart" />;
};

const resultOf = (g: GameRow, userId: string): string => {
  if (g.status === 'playing') return 'playing';
  if (g.status === 'aborted') return 'aborted';
  if (g.status === 'seeking') return 'seeking';
  const seat = g.seats.findIndex((h) => h.kind === 'user' && h.user.id === userId);
  // at a table of three or more, a place other than first is a loss of places, never a draw
  const ranking = g.outcome?.ranking;
  if (seat >= 0 && ranking && ranking.length > 2 && (ranking[seat] ?? 1) > 1) return 'loss';
  return (seat >= 0 && g.outcome?.results[seat]) || 'draw';
};

/** The player's games, newest first, 50 at a time. */
const GameList = ({ name, userId }: { name: string; userId: string }) => {
  const [rows, setRows] = useState<GameRow[] | undefined>();
  const [more, setMore] = useState(false);
  const load = async (before?: number) => {
    const r = await getJson<{ games: GameRow[] }>(
      `api/users/${encodeURIComponent(name)}/games${before === undefined ? '' : `?before=${before}`}`,
    );
    if (!r.ok) return;
    setRows((cur) => [...(before === undefined ? [] : (cur ?? [])), ...r.value.games]);
    setMore(r.value.games.length === 50);
  };
  useEffect(() => {
    setRows(undefined);
    void load();
  }, [name]);
  if (!rows) return <p aria-busy="true">…</p>;
  if (rows.length === 0) return <p class="muted">{t('player.noGames')}</p>;
  return (
    <>
      <ul class="game-list" data-testid="profile-games">
        {rows.map((g) => {
          const seat = g.seats.findIndex((h) => h.kind === 'user' && h.user.id === userId);
          const result = resultOf(g, userId);
          const others = g.seats.filter((_, i) => i !== seat).map((h) => holderName(h));
          const change = seat >= 0 ? g.ratingChange?.[seat] : null;
          const over = g.status === 'finished' || g.status === 'aborted';
          return (
            <li key={g.id} data-testid={`profile-game-${g.id}`} class={`result-${result}`}>
              <span>
                <strong class="result">
                  {g.aborted
                    ? t('online.aborted', { player: listOf(g.aborted.seats.map((s) => holderName(g.seats[s]))) })
                    : t(`player.result.${result}`)}
                </strong>{' '}
                {t(`games.${g.game}`)} ·{' '}
                {others.length > 0 ? t('player.vs', { names: listOf(others) }) : t('player.alone')}{' '}
                <small class="muted">
                  {speedText(g.speed)}
                  {g.rated && ` · ${t('player.rated')}`}
                  {change && ` · ${change.after} (${signed(change.after - change.before)})`} · {formatDate(g.createdAt)}
                </small>
              </span>
              <a class="button" href={over ? `#/replay/${g.id}` : `#/online/${g.id}`}>
                {over ? t('player.replay') : t('player.watch')}
              </a>
            </li>
          );
        })}
      </ul>
      {more && (
        <button type="button" onClick={() => void load(rows.at(-1)!.createdAt)}>
          {t('player.more')}
        </button>
      )}
    </>
  );
};

const FindPlayer = ({ initial }: { initial: string }) => {
  const [name, setName] = useState(initial);
  return (
    <form
      class="find-player"
      onSubmit={(e) => {
        e.preventDefault();
        const n = name.trim();
        if (n) navigate({ page: 'profile', name: n });
      }}
    >
      <label for="find-player">
        <span>{t('player.find')}</span>
        <input
          id="find-player"
          value={name}
          maxLength={40}
          onInput={(e) => setName((e.currentTarget as HTMLInputElement).value)}
        />
      </label>
      <button type="submit">{t('player.show')}</button>
    </form>
  );
};

/** A player's ratings per game and speed class, rating history, results and games. */
export const ProfilePage = ({ name }: { name?: string }) => {
  const me = useStore(account);
  const target = name ?? (me.user && !me.user.guest ? me.user.name : undefined);
  const [profile, setProfile] = useState<Profile | 'missing' | 'offline' | undefined>();
  useEffect(() => {
    if (!target) return;
    let live = true;
    setProfile(undefined);
    void getJson<Profile>(`api/users/${encodeURIComponent(target)}`).then((r) => {
      if (live) setProfile(r.ok ? r.value : r.code === 'not-found' ? 'missing' : 'offline');
    });
    return () => {
      live = false;
    };
  }, [target, me.user?.id]);
  if (!target) {
    return (
      <section class="profile" aria-labelledby="profile-title">
        <h1 id="profile-title">{t('player.me')}</h1>
        {me.user ? (
          <p data-testid="guest-profile">
            {displayName(me.user)}
            {t('game.colon')}
            {t('player.guest')} <a href="#/account">{t('account.register')}</a>
          </p>
        ) : me.checked ? (
          <p class="muted">{t('player.offline')}</p>
        ) : null}
        <FindPlayer initial="" />
      </section>
    );
  }
  return (
    <section class="profile" aria-labelledby="profile-title">
      <h1 id="profile-title" data-testid="profile-name">
        {t('player.title', { name: target })}
        {typeof profile === 'object' && <BotTag user={profile.user} />}
      </h1>
      {profile === undefined && <p aria-busy="true">…</p>}
      {profile === 'missing' && <p class="error">{t('player.notFound')}</p>}
      {profile === 'offline' && <p class="muted">{t('player.offline')}</p>}
      {typeof profile === 'object' && (
        <>
          <ReportBlock name={profile.user.name} />
          <ProfileChallenge name={profile.user.name} />
          <p data-testid="profile-counts">
            {t('player.counts', {
              count: profile.games,
              wins: profile.wins,
              draws: profile.draws,
              losses: profile.losses,
              playing: profile.playing,
            })}
          </p>
          <h2>{t('player.ratings')}</h2>
          {profile.ratings.length === 0 ? (
            <p class="muted">{t('player.noRatings')}</p>
          ) : (
            <div class="table-wrap">
              <table class="ratings" data-testid="ratings">
                <thead>
                  <tr>
                    <th scope="col">{t('player.columns.game')}</th>
                    <th scope="col">{t('player.columns.speed')}</th>
                    <th scope="col">{t('player.columns.rating')}</th>
                    <th scope="col">{t('player.columns.deviation')}</th>
                    <th scope="col">{t('player.columns.games')}</th>
                  </tr>
                </thead>
                <tbody>
                  {profile.ratings.map((r) => (
                    <tr key={`${r.game}/${r.speed}`} data-testid={`rating-${r.game}-${r.speed}`}>
                      <td>{t(`games.${r.game}`)}</td>
                      <td>{speedText(r.speed)}</td>
                      <td>
                        <strong>{r.rating}</strong>
                        {r.provisional && <small class="muted"> ({t('player.provisional')})</small>}
                      </td>
                      <td>±{r.rd}</td>
                      <td>{r.games}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          )}
          {profile.history.length > 0 && (
            <>
              <h2>{t('player.history')}</h2>
              <RatingChart history={profile.history} />
            </>
          )}
          <ProfilePuzzles ratings={profile.puzzleRatings} attempts={profile.puzzleAttempts} />
          <h2>{t('player.games')}</h2>
          <GameList name={profile.user.name} userId={profile.user.id} />
        </>
      )}
      <FindPlayer initial="" />
    </section>
  );
};
