import { GAME_IDS, type GameId } from '@qiyuan/core';
import { useEffect, useState } from 'preact/hooks';
import { type GameModule, loadGame, type OptionField } from '../games/types.js';
import { t, tOr } from '../i18n/index.js';
import { lobby, type Seek } from '../online/client.js';
import { deleteSave, type LocalSave, LocalSession, listSaves } from '../play/session.js';
import { navigate } from '../router.js';
import { useStore } from '../store.js';

type Mode = 'online' | 'hotseat' | 'ai';
const MODES: readonly Mode[] = ['online', 'hotseat', 'ai'];

/** A value's label: the game's own word first (`values.cc.jump.long`), then a shared one (`values.open`). */
export const optionLabel = (scope: string, key: string, value: string): string =>
  tOr(`values.${scope}.${key}.${value}`, tOr(`values.${value}`, value));

const Field = ({
  f,
  value,
  set,
  scope,
}: {
  f: OptionField;
  value: string;
  set: (v: string) => void;
  scope: string;
}) => {
  const id = `opt-${f.key}`;
  switch (f.kind) {
    case 'select':
      return (
        <label for={id}>
          <span>{t(f.label)}</span>
          <select
            id={id}
            name={f.key}
            value={value}
            onChange={(e) => set((e.currentTarget as HTMLSelectElement).value)}
          >
            {f.values.map((v) => (
              <option value={v} key={v}>
                {optionLabel(scope, f.key, v)}
              </option>
            ))}
          </select>
        </label>
      );
    case 'toggle':
      return (
        <label for={id} class="check">
          <input
            id={id}
            name={f.key}
            type="checkbox"
            checked={value === 'on'}
            onChange={(e) => set((e.currentTarget as HTMLInputElement).checked ? 'on' : 'off')}
          />
          <span>{t(f.label)}</span>
        </label>
      );
    case 'number':
      return (
        <label for={id}>
          <span>{t(f.label)}</span>
          <input
            id={id}
            name={f.key}
            type="number"
            min={f.min}
            max={f.max}
            value={value}
            onInput={(e) => set((e.currentTarget as HTMLInputElement).value)}
          />
        </label>
      );
  }
};

const initialValues = (fields: readonly OptionField[]): Record<string, string> =>
  Object.fromEntries(fields.map((f) => [f.key, f.kind === 'toggle' ? (f.initial ? 'on' : 'off') : String(f.initial)]));

const CreateForm = ({ game }: { game: GameId }) => {
  const [mod, setMod] = useState<GameModule | undefined>();
  const [loadError, setLoadError] = useState<string | undefined>();
  const [values, setValues] = useState<Record<string, string>>({});
  const [mode, setMode] = useState<Mode>('hotseat');
  const [level, setLevel] = useState('2');
  const [aiSide, setAiSide] = useState('1');
  const [clock, setClock] = useState('10');
  const [increment, setIncrement] = useState('5');
  const [error, setError] = useState<string | undefined>();
  const online = useStore(lobby.state);
  useEffect(() => {
    let live = true;
    setMod(undefined);
    setLoadError(undefined);
    loadGame(game).then(
      (m) => {
        if (!live) return;
        setMod(m);
        setValues(initialValues(m.fields));
      },
      (e: unknown) => live && setLoadError(String(e)),
    );
    return () => {
      live = false;
    };
  }, [game]);
  if (loadError) return <p class="error">{t('errors.unknown', { reason: loadError })}</p>;
  if (!mod) return <p aria-busy="true">…</p>;
  const options = Object.fromEntries(Object.entries(values).filter(([, v]) => v !== ''));
  const parsed = mod.definition.parseOptions(options);
  const seatCount = parsed.ok ? (mod.definition.create(parsed.value).ok ? seatsOf(mod, parsed.value) : 2) : 2;
  const start = (e: Event) => {
    e.preventDefault();
    setError(undefined);
    if (!parsed.ok) return setError(parsed.error.reason);
    if (mode === 'online') {
      lobby.createSeek(game, options, Number(clock) || 0, Number(increment) || 0, seatCount).then(
        (r) => (r.ok ? navigate({ page: 'online', id: r.id }) : setError(r.reason)),
        (err: unknown) => setError(String(err)),
      );
      return;
    }
    const human = Number(aiSide) === 0 ? 1 : 0;
    const aiSeats = Array.from({ length: seatCount }, (_, i) => i).filter((s) => s !== human);
    const r = LocalSession.create(mod.definition, game, mode, options, aiSeats, Number(level));
    if (!r.ok) return setError(r.reason);
    navigate({ page: 'local', id: r.save.id });
  };
  return (
    <form class="create" onSubmit={start} aria-label={t('home.newGame')}>
      <fieldset class="modes">
        <legend>{t('modes.label')}</legend>
        {MODES.map((m) => (
          <label key={m} class="chip">
            <input type="radio" name="mode" value={m} checked={mode === m} onChange={() => setMode(m)} />
            <span>{t(`modes.${m}`)}</span>
          </label>
        ))}
      </fieldset>
      <fieldset>
        <legend>{t('home.options')}</legend>
        {mod.fields.map((f) => (
          <Field
            key={f.key}
            scope={mod.scope}
            f={f}
            value={values[f.key] ?? ''}
            set={(v) => setValues({ ...values, [f.key]: v })}
          />
        ))}
        {mode === 'ai' && (
          <>
            <label for="ai-level">
              <span>{t('home.aiLevel')}</span>
              <select
                id="ai-level"
                value={level}
                onChange={(e) => setLevel((e.currentTarget as HTMLSelectElement).value)}
              >
                {['1', '2', '3', '4', '5'].map((l) => (
                  <option key={l} value={l}>
                    {l}
                  </option>
                ))}
              </select>
            </label>
            <label for="ai-side">
              <span>{t('home.aiSeat')}</span>
              <select
                id="ai-side"
                value={aiSide}
                onChange={(e) => setAiSide((e.currentTarget as HTMLSelectElement).value)}
              >
                <option value="1">{t('game.seat', { n: 1 })}</option>
                <option value="0">{t('game.seat', { n: 2 })}</option>
              </select>
            </label>
          </>
        )}
        {mode === 'online' && (
          <>
            <label for="clock">
              <span>{t('home.clock')}</span>
              <input
                id="clock"
                type="number"
                min={0}
                max={180}
                value={clock}
                onInput={(e) => setClock((e.currentTarget as HTMLInputElement).value)}
              />
            </label>
            <label for="increment">
              <span>{t('home.increment')}</span>
              <input
                id="increment"
                type="number"
                min={0}
                max={60}
                value={increment}
                onInput={(e) => setIncrement((e.currentTarget as HTMLInputElement).value)}
              />
            </label>
            {!online.connected && <p class="note">{t('home.offline')}</p>}
          </>
        )}
      </fieldset>
      {!parsed.ok && (
        <p class="error" role="alert">
          {parsed.error.reason}
        </p>
      )}
      {error && (
        <p class="error" role="alert">
          {error}
        </p>
      )}
      <button type="submit" class="primary" data-testid="start" disabled={!parsed.ok}>
        {t('home.create')}
      </button>
    </form>
  );
};

const seatsOf = (mod: GameModule, options: unknown): number => {
  const g = mod.definition.create(options as never);
  return g.ok ? g.value.seatCount : 2;
};

const Saved = () => {
  const [saves, setSaves] = useState<LocalSave[]>(() => listSaves());
  if (saves.length === 0) return <p class="muted">{t('home.noSaved')}</p>;
  return (
    <ul class="saved">
      {saves.map((s) => (
        <li key={s.id}>
          <a href={`#/local/${s.id}`}>
            {t(`games.${s.game}`)} · {t(`modes.${s.mode}`)} · {new Date(s.updated).toLocaleString()}
          </a>
          <button
            type="button"
            class="link"
            onClick={() => {
              deleteSave(s.id);
              setSaves(listSaves());
            }}
          >
            {t('home.delete')}
          </button>
        </li>
      ))}
    </ul>
  );
};

const Seeks = () => {
  const s = useStore(lobby.state);
  useEffect(() => lobby.subscribe(), []);
  if (!s.connected) return <p class="muted">{t('home.offline')}</p>;
  if (s.seeks.length === 0) return <p class="muted">{t('home.noSeeks')}</p>;
  return (
    <ul class="seeks">
      {s.seeks.map((k: Seek) => (
        <li key={k.id}>
          <span>
            {t(`games.${k.game}`)} · {t('home.by', { name: k.creator })}
          </span>
          <a class="button" href={`#/online/${k.id}`}>
            {t('home.join')}
          </a>
        </li>
      ))}
    </ul>
  );
};

export const HomePage = () => {
  const [game, setGame] = useState<GameId>('hive');
  return (
    <div class="home">
      <p class="tagline">{t('app.tagline')}</p>
      <section aria-labelledby="choose">
        <h1 id="choose">{t('home.title')}</h1>
        <div class="cards">
          {GAME_IDS.map((g) => (
            <button
              key={g}
              type="button"
              aria-pressed={g === game}
              class={`card game-${g}`}
              data-testid={`game-${g}`}
              onClick={() => setGame(g)}
            >
              <strong>{t(`games.${g}`)}</strong>
              <small>{t(`gameBlurb.${g}`)}</small>
            </button>
          ))}
        </div>
      </section>
      <section aria-labelledby="new">
        <h2 id="new">
          {t('home.newGame')}: {t(`games.${game}`)}
        </h2>
        <CreateForm key={game} game={game} />
      </section>
      <section aria-labelledby="seeks">
        <h2 id="seeks">{t('home.seeks')}</h2>
        <Seeks />
      </section>
      <section aria-labelledby="saved">
        <h2 id="saved">{t('home.saved')}</h2>
        <Saved />
      </section>
    </div>
  );
};
