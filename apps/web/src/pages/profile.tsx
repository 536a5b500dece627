import { useEffect, useRef, useState } from 'preact/hooks';
import { t } from '../i18n/index.js';
import { connection } from '../online/client.js';
import { settings } from '../settings.js';
import { useStore } from '../store.js';

interface RatingPoint {
  readonly at: number;
  readonly rating: number;
}

/** Draws the rating history with uPlot, loaded only on this page. */
const RatingChart = ({ points }: { points: readonly RatingPoint[] }) => {
  const el = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (!el.current || points.length === 0) return;
    let plot: { destroy(): void } | undefined;
    let live = true;
    void Promise.all([import('uplot'), import('uplot/dist/uPlot.min.css')]).then(([{ default: UPlot }]) => {
      if (!live || !el.current) return;
      const width = Math.min(el.current.clientWidth || 600, 720);
      plot = new UPlot(
        {
          width,
          height: 240,
          series: [{}, { label: t('profile.rating'), stroke: '#2f6f4f', width: 2 }],
          axes: [{}, {}],
        },
        [points.map((p) => p.at / 1000), points.map((p) => p.rating)],
        el.current,
      );
    });
    return () => {
      live = false;
      plot?.destroy();
    };
  }, [points]);
  return <div ref={el} class="chart" role="img" aria-label={t('profile.history')} />;
};

export const ProfilePage = () => {
  const s = useStore(settings);
  const online = useStore(connection.state);
  const [name, setName] = useState(s.name);
  const [history, setHistory] = useState<RatingPoint[] | undefined>();
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    void connection.open();
  }, []);
  const user = online.user?.name ?? s.name;
  useEffect(() => {
    if (!user) return;
    setFailed(false);
    fetch(`api/users/${encodeURIComponent(user)}`)
      .then((r) =>
        r.ok
          ? (r.json() as Promise<{ history?: RatingPoint[]; ratingHistory?: RatingPoint[] }>)
          : Promise.reject(r.status),
      )
      .then((p) => setHistory(p.history ?? p.ratingHistory ?? []))
      .catch(() => setFailed(true));
  }, [user]);
  return (
    <section class="profile" aria-labelledby="profile-title">
      <h1 id="profile-title">{t('profile.title')}</h1>
      <form
        onSubmit={(e) => {
          e.preventDefault();
          settings.update({ name: name.trim().slice(0, 24) });
        }}
      >
        <label for="profile-name">
          <span>{t('profile.name')}</span>
          <input
            id="profile-name"
            value={name}
            maxLength={24}
            onInput={(e) => setName((e.currentTarget as HTMLInputElement).value)}
          />
        </label>
        <button type="submit">{t('profile.signIn')}</button>
      </form>
      <h2>{t('profile.history')}</h2>
      {failed || !online.connected ? (
        <p class="muted">{t('profile.offline')}</p>
      ) : history && history.length > 0 ? (
        <RatingChart points={history} />
      ) : (
        <p class="muted">{t('profile.noGames')}</p>
      )}
    </section>
  );
};
