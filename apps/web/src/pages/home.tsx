import { GAME_IDS, type GameId, SPECTATOR } from '@qiyuan/core';
import { type ClockSpec, CORRESPONDENCE_DAYS, type SeatPlan, type SeekInfo } from '@qiyuan/protocol';
import { useEffect, useState } from 'preact/hooks';
import { applyingFields, fieldProblem, formOptions, initialValues, shownValue } from '../games/form.js';
import { type GameModule, loadGame, type OptionField } from '../games/types.js';
import { t, tOr } from '../i18n/index.js';
import { account } from '../online/account.js';
import { connection, getJson, lobby } from '../online/client.js';
import { CLOCK_RULES, type ClockForm, clockSpec, type FieldRule, INITIAL_CLOCK } from '../online/clock-form.js';
import { clockText, displayName, holderName, speedText } from '../online/names.js';
import { YourTurn } from '../online/turns.js';
import { deleteSave, type LocalSave, LocalSession, listSaves } from '../play/session.js';
import { navigate, routeHref } from '../router.js';
import { useStore } from '../store.js';

type Mode = 'online' | 'hotseat' | 'ai';
const MODES: readonly Mode[] = ['online', 'hotseat', 'ai'];

/** Each game's key prefix for its option values (`values.<scope>.<key>.<value>`), known before its module loads. */
const SCOPES: Record<GameId, string> = { hive: 'hive', junqi: 'junqi', abalone: 'abalone', 'chinese-checkers': 'cc' };

/** A value's label: the game's own word first (`values.cc.jump.long`), then a shared one (`values.open`). */
export const optionLabel = (scope: string, key: string, value: string): string =>
  tOr(`values.${scope}.${key}.${value}`, tOr(`values.${value}`, value));

/**
 * A seek's options in a few words for the lobby (its game's module may not be
 * loaded): translated values, a labelled number where the label is known, the
 * names of switched-on rules; never an untranslated key.
 */
export const optionsSummary = (game: GameId, options: Readonly<Record<string, unknown>>): string => {
  const out: string[] = [];
  for (const [k, raw] of Object.entries(options)) {
    // a seed, or a whole position to start from, is no summary
    if (k === 'seed' || k === 'position') continue;
    const v = String(raw);
    const keyLabel = tOr(`options.${k}`, '');
    if (v === 'on' || v === 'true') {
      if (keyLabel) out.push(keyLabel);
      continue;
    }
    if (v === 'off' || v === 'false' || v === '') continue;
    const label = optionLabel(SCOPES[game], k, v);
    if (label !== v) out.push(label);
    else if (keyLabel) out.push(t('game.labelled', { label: keyLabel, value: v }));
    else if (!/^\d+$/.test(v)) out.push(v);
  }
  return out.join(' · ');
};

export const Field = ({
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
  const helpId = f.help ? `${id}-help` : undefined;
  const control = (() => {
    switch (f.kind) {
      case 'select':
        return (
          <label for={id}>
            <span>{t(f.label)}</span>
            <select
              id={id}
              name={f.key}
              value={value}
              aria-describedby={helpId}
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
              aria-describedby={helpId}
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
              aria-describedby={helpId}
              onInput={(e) => set((e.currentTarget as HTMLInputElement).value)}
            />
          </label>
        );
      case 'text':
        return (
          <label for={id}>
            <span>{t(f.label)}</span>
            <textarea
              id={id}
              name={f.key}
              rows={3}
              spellcheck={false}
              value={value}
              aria-describedby={helpId}
              onInput={(e) => set((e.currentTarget as HTMLTextAreaElement).value)}
            />
          </label>
        );
    }
  })();
  if (!f.help) return control;
  return (
    <div class="field" data-field={f.key}>
      {control}
      <small id={helpId} class="muted help">
        {t(f.help)}
      </small>
    </div>
  );
};

const withoutSeed = (o: unknown): string => {
  const { seed: _, ...rest } = o as Record<string, unknown>;
  return JSON.stringify(rest);
};

/**
 * The options a new online game is created with: only those that change it
 * from the engine's defaults, toggles as booleans. A game's module may tidy
 * the form in its own parser (drop fields that do not apply to the chosen
 * players, say); the server parses with the bare engine, so it gets exactly
 * what makes the same game and nothing the engine would refuse.
 */
export const wireOptions = (
  mod: GameModule,
  values: Readonly<Record<string, string>>,
): Record<string, string | boolean> => {
  const toggles = new Set(mod.fields.filter((f) => f.kind === 'toggle').map((f) => f.key));
  const loose: Record<string, string | boolean> = {};
  for (const [k, v] of Object.entries(values)) if (v !== '') loose[k] = toggles.has(k) ? v === 'on' : v;
  const full = mod.definition.parseOptions(loose);
  if (!full.ok) return loose;
  const target = withoutSeed(full.value);
  let out = loose;
  for (const k of Object.keys(loose)) {
    const { [k]: _, ...rest } = out;
    const p = mod.definition.parseOptions(rest);
    if (p.ok && withoutSeed(p.value) === target) out = rest;
  }
  return out;
};

// ---------------------------------------------------------------- time control

type ClockKind = ClockSpec['kind'];
const CLOCK_KINDS: readonly ClockKind[] = ['none', 'fischer', 'delay', 'move', 'correspondence'];
/** Each clock field's label (`lobby.<key>`), also naming it when its rule refuses what was typed. */
const CLOCK_LABELS = {
  minutes: 'minutes',
  increment: 'increment',
  delay: 'delay',
  perMove: 'perMove',
  days: 'days',
  setup: 'setupLimit',
} as const;

/** lichess's common Fischer controls (minutes + seconds). */
const PRESETS: readonly (readonly [number, number])[] = [
  [1, 0],
  [3, 2],
  [5, 3],
  [10, 5],
  [15, 10],
  [30, 20],
];

/** lichess's speed classes from the estimated duration of 40 moves (as the server computes it). */
const speedOfSpec = (c: ClockSpec): string => {
  if (c.kind === 'correspondence') return 'correspondence';
  const estimate =
    c.kind === 'none'
      ? undefined
      : c.kind === 'fischer'
        ? c.initialMs + 40 * c.incrementMs
        : c.kind === 'delay'
          ? c.initialMs + 40 * c.delayMs
          : 40 * c.moveMs;
  if (estimate === undefined) return 'unlimited';
  return estimate < 180_000 ? 'bullet' : estimate < 480_000 ? 'blitz' : estimate < 1_500_000 ? 'rapid' : 'classical';
};

const NumberInput = ({
  id,
  label,
  value,
  set,
  rule,
}: {
  id: string;
  label: string;
  value: string;
  set: (v: string) => void;
  rule: FieldRule;
}) => (
  <label for={id}>
    <span>{label}</span>
    <input
      id={id}
      name={id}
      type="number"
      inputMode="decimal"
      min={rule.min}
      max={rule.max}
      step={rule.step}
      value={value}
      onInput={(e) => set((e.currentTarget as HTMLInputElement).value)}
    />
  </label>
);

const ClockPicker = ({ c, set, game }: { c: ClockForm; set: (c: ClockForm) => void; game: GameId }) => {
  const spec = clockSpec(c, game === 'junqi');
  return (
    <fieldset class="clock-picker">
      <legend>{t('lobby.timeControl')}</legend>
      <fieldset class="chips">
        <legend class="sr-only">{t('lobby.presets')}</legend>
        {PRESETS.map(([m, s]) => {
          const on = c.kind === 'fischer' && Number(c.minutes) === m && Number(c.increment) === s;
          return (
            <button
              type="button"
              key={`${m}+${s}`}
              class="chip"
              aria-pressed={on}
              data-testid={`preset-${m}+${s}`}
              onClick={() => set({ ...c, kind: 'fischer', minutes: String(m), increment: String(s) })}
            >
              {m}+{s}
            </button>
          );
        })}
      </fieldset>
      <label for="clock-kind">
        <span>{t('lobby.timeControl')}</span>
        <select
          id="clock-kind"
          name="clock-kind"
          value={c.kind}
          onChange={(e) => set({ ...c, kind: (e.currentTarget as HTMLSelectElement).value as ClockKind })}
        >
          {CLOCK_KINDS.map((k) => (
            <option key={k} value={k}>
              {t(`lobby.clockKind.${k}`)}
            </option>
          ))}
        </select>
      </label>
      {(c.kind === 'fischer' || c.kind === 'delay') && (
        <NumberInput
          id="clock-minutes"
          label={t('lobby.minutes')}
          value={c.minutes}
          set={(v) => set({ ...c, minutes: v })}
          rule={CLOCK_RULES.minutes}
        />
      )}
      {c.kind === 'fischer' && (
        <NumberInput
          id="clock-increment"
          label={t('lobby.increment')}
          value={c.increment}
          set={(v) => set({ ...c, increment: v })}
          rule={CLOCK_RULES.increment}
        />
      )}
      {c.kind === 'delay' && (
        <NumberInput
          id="clock-delay"
          label={t('lobby.delay')}
          value={c.delay}
          set={(v) => set({ ...c, delay: v })}
          rule={CLOCK_RULES.delay}
        />
      )}
      {c.kind === 'move' && (
        <NumberInput
          id="clock-move"
          label={t('lobby.perMove')}
          value={c.perMove}
          set={(v) => set({ ...c, perMove: v })}
          rule={CLOCK_RULES.perMove}
        />
      )}
      {c.kind === 'correspondence' && (
        <label for="clock-days">
          <span>{t('lobby.days')}</span>
          <select
            id="clock-days"
            name="clock-days"
            value={c.days}
            onChange={(e) => set({ ...c, days: (e.currentTarget as HTMLSelectElement).value })}
          >
            {CORRESPONDENCE_DAYS.map((d) => (
              <option key={d} value={String(d)}>
                {t('lobby.fmt.correspondence', { count: d })}
              </option>
            ))}
          </select>
        </label>
      )}
      {game === 'junqi' && (
        <NumberInput
          id="clock-setup"
          label={t('lobby.setupLimit')}
          value={c.setup}
          set={(v) => set({ ...c, setup: v })}
          rule={CLOCK_RULES.setup}
        />
      )}
      {spec.ok ? (
        <p class="muted" data-testid="speed">
          {clockText(spec.spec)} · {t('lobby.speedLabel', { speed: speedText(speedOfSpec(spec.spec)) })}
        </p>
      ) : (
        <p class="error" role="alert" data-testid="clock-problem">
          {t('lobby.clockField', {
            field: t(`lobby.${CLOCK_LABELS[spec.field]}`),
            min: spec.rule.min,
            max: spec.rule.max,
            step: spec.rule.step,
          })}
        </p>
      )}
    </fieldset>
  );
};

// ---------------------------------------------------------------- seats

/** The AI's levels, 1 (beginner) to 5 (master), as docs/AI.md's ladder measures them. */
const AI_LEVELS = ['1', '2', '3', '4', '5'] as const;
/** A level as the forms offer it: its number and its name (`3 · Club`). */
const levelName = (level: string): string => `${level} · ${t(`aiLevels.${level}.name`)}`;

/** Each seat but mine: open for a player, or the server's AI at a level. */
type OtherSeat = 'open' | `ai:${number}`;

const SeatPlanner = ({
  count,
  mine,
  setMine,
  others,
  setOthers,
  seatName,
}: {
  count: number;
  mine: string;
  setMine: (v: string) => void;
  others: readonly OtherSeat[];
  setOthers: (o: OtherSeat[]) => void;
  seatName: (seat: number) => string;
}) => {
  const mineIndex = mine === 'random' ? -1 : Number(mine);
  return (
    <fieldset class="seat-plan">
      <legend>{t('lobby.seats')}</legend>
      <label for="my-seat">
        <span>{t('lobby.yourSeat')}</span>
        <select
          id="my-seat"
          name="my-seat"
          value={mine}
          onChange={(e) => setMine((e.currentTarget as HTMLSelectElement).value)}
        >
          <option value="random">{t('lobby.randomSeat')}</option>
          {Array.from({ length: count }, (_, i) => (
            <option key={i} value={String(i)}>
              {seatName(i)}
            </option>
          ))}
        </select>
      </label>
      {Array.from({ length: count - 1 }, (_, j) => {
        // the other seats in order, skipping mine (when random, listed as the seats after the first)
        const seat = mineIndex < 0 ? j + 1 : j >= mineIndex ? j + 1 : j;
        return (
          <label for={`seat-${j}`} key={j}>
            <span>{mineIndex < 0 ? t('lobby.opponent', { n: j + 1 }) : seatName(seat)}</span>
            <select
              id={`seat-${j}`}
              name={`seat-${j}`}
              value={others[j] ?? 'open'}
              onChange={(e) => {
                const next = [...others];
                next[j] = (e.currentTarget as HTMLSelectElement).value as OtherSeat;
                setOthers(next);
              }}
            >
              <option value="open">{t('lobby.seatOpen')}</option>
              {AI_LEVELS.map((n) => (
                <option key={n} value={`ai:${n}`}>
                  {t('lobby.seatAi', { n })} · {t(`aiLevels.${n}.name`)}
                </option>
              ))}
            </select>
            {others[j] && others[j] !== 'open' && (
              <small class="muted help">{t(`aiLevels.${others[j].slice(3)}.about`)}</small>
            )}
          </label>
        );
      })}
    </fieldset>
  );
};

/** The seat plan of a new seek: mine where chosen (or drawn), the others in order. */
const seatPlans = (count: number, mine: string, others: readonly OtherSeat[]): SeatPlan[] => {
  const me = mine === 'random' ? Math.floor(Math.random() * count) : Math.min(Number(mine), count - 1);
  // every seat but mine, in order: a seat whose select was never touched is open (`others` may have holes)
  const rest = Array.from({ length: count - 1 }, (_, j): SeatPlan => {
    const o = others[j] ?? 'open';
    return o === 'open' ? { kind: 'open' } : { kind: 'ai', level: Number(o.slice(3)) };
  });
  rest.splice(me, 0, { kind: 'me' });
  return rest;
};

// ---------------------------------------------------------------- create

const CreateForm = ({ game }: { game: GameId }) => {
  const [mod, setMod] = useState<GameModule | undefined>();
  const [loadError, setLoadError] = useState<string | undefined>();
  const [values, setValues] = useState<Record<string, string>>({});
  const [mode, setMode] = useState<Mode>('hotseat');
  const [level, setLevel] = useState('2');
  const [aiSide, setAiSide] = useState('0');
  const [clock, setClock] = useState<ClockForm>(INITIAL_CLOCK);
  const [rated, setRated] = useState(false);
  const [priv, setPriv] = useState(false);
  const [mine, setMine] = useState('random');
  const [others, setOthers] = useState<OtherSeat[]>([]);
  const [error, setError] = useState<string | undefined>();
  const [busy, setBusy] = useState(false);
  const online = useStore(connection.state);
  const me = useStore(account).user;
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
  // fields for local games only (a position to start from) are neither shown nor sent for an online seek
  // and a field that has no say for the other choices (Junqi's teams with two players) is neither shown nor sent
  const fields = applyingFields(
    mod.fields.filter((f) => !(mode === 'online' && f.kind === 'text' && f.localOnly)),
    values,
  );
  const options = formOptions(fields, values);
  const parsed = mod.definition.parseOptions(options);
  const created = parsed.ok ? mod.definition.create(parsed.value) : undefined;
  // a field's own problem, by its label, before the engine's (which names the option by its key)
  const problem =
    fields.map((f) => fieldProblem(f, values[f.key] ?? '')).find((p) => p !== undefined) ??
    (!parsed.ok ? parsed.error.reason : created && !created.ok ? created.error.reason : undefined);
  const seatCount = created?.ok ? created.value.seatCount : 2;
  // seats by the game's own names (Black, White; Red, Blue …): "Seat 1" leaves a player guessing which side it is
  const names = created?.ok ? mod.seatNames(created.value.viewFor(SPECTATOR), seatCount) : [];
  const seatName = (i: number): string => names[i] || t('game.seat', { n: i + 1 });
  const guest = me?.guest !== false;
  const plannedAi = others.slice(0, seatCount - 1).some((o) => o !== 'open');
  const clockOk = clockSpec(clock, game === 'junqi');
  const start = (e: Event) => {
    e.preventDefault();
    setError(undefined);
    if (problem) return setError(problem);
    if (mode === 'online') {
      if (!clockOk.ok) return;
      setBusy(true);
      lobby
        .createSeek({
          game,
          options: wireOptions(mod, options),
          clock: clockOk.spec,
          rated: rated && !guest,
          private: priv,
          seats: seatPlans(seatCount, mine, others),
        })
        .then((r) => {
          setBusy(false);
          if (r.ok) navigate({ page: 'online', id: r.value });
          else setError(t('lobby.error', { reason: tOr(`online.errors.${r.code}`, r.reason) }));
        });
      return;
    }
    const human = Math.min(Number(aiSide), seatCount - 1);
    const aiSeats = Array.from({ length: seatCount }, (_, i) => i).filter((s) => s !== human);
    const saved = mod.localOptions ? mod.localOptions(options) : options;
    const r = LocalSession.create(mod.definition, game, mode, saved, aiSeats, Number(level));
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
        {fields.map((f) => (
          <Field
            key={f.key}
            scope={mod.scope}
            f={f}
            value={shownValue(mod, values, f)}
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
                aria-describedby="ai-level-help"
                onChange={(e) => setLevel((e.currentTarget as HTMLSelectElement).value)}
              >
                {AI_LEVELS.map((l) => (
                  <option key={l} value={l}>
                    {levelName(l)}
                  </option>
                ))}
              </select>
            </label>
            <small class="muted help" id="ai-level-help" data-testid="ai-level-help">
              {t(`aiLevels.${level}.about`)}
            </small>
            <label for="ai-side">
              <span>{t('home.aiSeat')}</span>
              <select
                id="ai-side"
                value={aiSide}
                onChange={(e) => setAiSide((e.currentTarget as HTMLSelectElement).value)}
              >
                {Array.from({ length: seatCount }, (_, i) => (
                  <option key={i} value={String(i)}>
                    {seatName(i)}
                  </option>
                ))}
              </select>
            </label>
          </>
        )}
      </fieldset>
      {mode === 'online' && (
        <>
          <ClockPicker c={clock} set={setClock} game={game} />
          <fieldset class="chips-row">
            <legend>{t('lobby.mode')}</legend>
            <label class="chip">
              <input
                type="radio"
                name="rated"
                value="casual"
                checked={!rated || guest}
                onChange={() => setRated(false)}
              />
              <span>{t('lobby.casual')}</span>
            </label>
            <label class="chip">
              <input
                type="radio"
                name="rated"
                value="rated"
                checked={rated && !guest}
                disabled={guest}
                onChange={() => setRated(true)}
              />
              <span>{t('lobby.rated')}</span>
            </label>
            {guest && (
              <p class="muted">
                <a href="#/account">{t('lobby.ratedGuest')}</a>
              </p>
            )}
            {rated && !guest && plannedAi && <p class="error">{t('lobby.ratedNoAi')}</p>}
          </fieldset>
          <fieldset class="chips-row">
            <legend>{t('lobby.visibility')}</legend>
            <label class="chip">
              <input type="radio" name="visibility" value="public" checked={!priv} onChange={() => setPriv(false)} />
              <span>{t('lobby.public')}</span>
            </label>
            <label class="chip">
              <input type="radio" name="visibility" value="private" checked={priv} onChange={() => setPriv(true)} />
              <span>{t('lobby.private')}</span>
            </label>
          </fieldset>
          <SeatPlanner
            count={seatCount}
            mine={mine}
            setMine={setMine}
            others={others}
            setOthers={setOthers}
            seatName={seatName}
          />
          {!online.connected && <p class="note">{t('home.offline')}</p>}
        </>
      )}
      {problem && (
        <p class="error" role="alert">
          {problem}
        </p>
      )}
      {error && (
        <p class="error" role="alert">
          {error}
        </p>
      )}
      <button
        type="submit"
        class="primary"
        data-testid="start"
        disabled={
          problem !== undefined || busy || (mode === 'online' && (!clockOk.ok || (rated && !guest && plannedAi)))
        }
      >
        {t('home.create')}
      </button>
    </form>
  );
};

// ---------------------------------------------------------------- lists

const Saved = () => {
  const [saves, setSaves] = useState<LocalSave[]>(() => listSaves());
  if (saves.length === 0) return <p class="muted">{t('home.noSaved')}</p>;
  return (
    <ul class="saved">
      {saves.map((s) => (
        <li key={s.id} data-testid={`saved-${s.id}`}>
          <a href={`#/local/${s.id}`}>
            {t(`games.${s.game}`)} · {t(`modes.${s.mode}`)} · {new Date(s.updated).toLocaleString()}
            {s.finished && ` · ${t('home.finished')}`}
          </a>
          {s.finished && (
            <a class="button" href={routeHref({ page: 'replay', id: s.id, device: true })} data-testid="saved-replay">
              {t('home.replay')}
            </a>
          )}
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

const filled = (k: Pick<SeekInfo, 'seats'>) => k.seats.filter((s) => s.kind !== 'open').length;

/** The lobby's open seeks, live: join one, or cancel your own. */
const Seeks = () => {
  const s = useStore(lobby.state);
  const me = useStore(account).user;
  const [error, setError] = useState<string | undefined>();
  useEffect(() => lobby.subscribe(), []);
  if (!s.connected && !s.everConnected) return <p class="muted">{t('home.offline')}</p>;
  const expired = s.expiredSeeks.length > 0 && (
    <p class="note" role="status" data-testid="seek-expired">
      {t('lobby.seekExpired')}
    </p>
  );
  if (s.seeks.length === 0)
    return (
      <>
        {expired}
        <p class="muted">{t('lobby.noSeeks')}</p>
      </>
    );
  const act = (p: Promise<{ ok: true } | { ok: false; code: string; reason: string }>, then?: () => void) =>
    void p.then((r) => (r.ok ? then?.() : setError(tOr(`online.errors.${r.code}`, r.reason))));
  return (
    <>
      {expired}
      {error && (
        <p class="error" role="alert">
          {error}
        </p>
      )}
      <div class="table-wrap">
        <table class="seeks" data-testid="seeks">
          <thead>
            <tr>
              <th scope="col">{t('lobby.columns.player')}</th>
              <th scope="col">{t('lobby.columns.game')}</th>
              <th scope="col">{t('lobby.columns.time')}</th>
              <th scope="col">{t('lobby.columns.mode')}</th>
              <th scope="col">{t('lobby.columns.seats')}</th>
              <th scope="col">
                <span class="sr-only">{t('lobby.join')}</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {[...s.seeks]
              .sort((a, b) => b.createdAt - a.createdAt)
              .map((k) => {
                const own = me !== undefined && k.creator.id === me.id;
                const seated = me !== undefined && k.seats.some((h) => h.kind === 'user' && h.user.id === me.id);
                const creatorSeat = k.seats.find((h) => h.kind === 'user' && h.user.id === k.creator.id);
                const rating = creatorSeat?.kind === 'user' ? creatorSeat.rating : undefined;
                return (
                  <tr key={k.id} data-testid={`seek-${k.id}`} data-game={k.game}>
                    <td>
                      {displayName(k.creator)}
                      {rating !== undefined && <span class="muted"> ({rating})</span>}
                    </td>
                    <td>
                      <strong>{t(`games.${k.game}`)}</strong>
                      <small class="muted"> {optionsSummary(k.game, k.options)}</small>
                    </td>
                    <td>
                      {clockText(k.clock)} <small class="muted">{speedText(k.speed)}</small>
                    </td>
                    <td>{k.rated ? t('lobby.rated') : t('lobby.casual')}</td>
                    <td>{t('lobby.seatsFilled', { filled: filled(k), total: k.seats.length })}</td>
                    <td class="row-actions">
                      {own ? (
                        <>
                          <a class="button" href={`#/online/${k.id}`}>
                            {t('lobby.show')}
                          </a>
                          <button type="button" data-testid="cancel-seek" onClick={() => act(lobby.cancel(k.id))}>
                            {t('lobby.cancel')}
                          </button>
                        </>
                      ) : seated ? (
                        <a class="button" href={`#/online/${k.id}`}>
                          {t('lobby.show')}
                        </a>
                      ) : (
                        <button
                          type="button"
                          class="primary"
                          data-testid="join-seek"
                          disabled={k.rated && me?.guest !== false}
                          title={k.rated && me?.guest !== false ? t('lobby.ratedGuest') : undefined}
                          onClick={() => act(lobby.join(k.id), () => navigate({ page: 'online', id: k.id }))}
                        >
                          {t('lobby.join')}
                        </button>
                      )}
                    </td>
                  </tr>
                );
              })}
          </tbody>
        </table>
      </div>
    </>
  );
};

interface GameSummary {
  readonly id: string;
  readonly game: GameId;
  readonly speed: string;
  readonly rated: boolean;
  readonly seats: readonly SeekInfo['seats'][number][];
  readonly status?: string;
  readonly createdAt: number;
}

/** Refetches every `everyMs` while the page is shown (the lists without a push of their own). */
const usePolled = <T,>(path: string, everyMs: number, deps: readonly unknown[]): T | undefined | 'offline' => {
  const [value, setValue] = useState<T | undefined | 'offline'>(undefined);
  useEffect(() => {
    let live = true;
    const load = () =>
      void getJson<T>(path).then((r) => {
        if (live) setValue(r.ok ? r.value : 'offline');
      });
    load();
    const h = setInterval(() => document.visibilityState === 'visible' && load(), everyMs);
    const stop = connection.listen((m) => {
      if (m.type === 'game.started' || m.type === 'seek.removed') load();
    });
    return () => {
      live = false;
      clearInterval(h);
      stop();
    };
  }, deps);
  return value;
};

const players = (g: Pick<GameSummary, 'seats'>): string => g.seats.map((h) => holderName(h)).join(' · ');

/** Public games being played, to watch. */
const LiveGames = () => {
  const live = usePolled<{ games: GameSummary[] }>('api/live', 10_000, []);
  if (live === undefined) return <p aria-busy="true">…</p>;
  if (live === 'offline') return <p class="muted">{t('home.offline')}</p>;
  if (live.games.length === 0) return <p class="muted">{t('lobby.noLive')}</p>;
  return (
    <ul class="game-list" data-testid="live-games">
      {live.games.slice(0, 30).map((g) => (
        <li key={g.id}>
          <span>
            <strong>{t(`games.${g.game}`)}</strong> {players(g)}{' '}
            <small class="muted">
              {speedText(g.speed)} · {g.rated ? t('lobby.rated') : t('lobby.casual')}
            </small>
          </span>
          <a class="button" href={`#/online/${g.id}`} data-testid={`watch-${g.id}`}>
            {t('lobby.watch')}
          </a>
        </li>
      ))}
    </ul>
  );
};

/** This session's games in play and its waiting seeks, to return to. */
const MyGames = () => {
  const me = useStore(account).user;
  const mine = usePolled<{ playing: GameSummary[]; seeks: SeekInfo[] }>('api/me/games', 15_000, [me?.id]);
  if (mine === undefined || mine === 'offline') return null;
  if (mine.playing.length === 0 && mine.seeks.length === 0) return <p class="muted">{t('lobby.noMine')}</p>;
  return (
    <ul class="game-list" data-testid="my-games">
      {mine.seeks.map((k) => (
        <li key={k.id}>
          <span>
            <strong>{t(`games.${k.game}`)}</strong> {clockText(k.clock)}{' '}
            <small class="muted">
              {t('lobby.waiting')} · {t('lobby.seatsFilled', { filled: filled(k), total: k.seats.length })}
            </small>
          </span>
          <a class="button" href={`#/online/${k.id}`}>
            {t('lobby.show')}
          </a>
        </li>
      ))}
      {mine.playing.map((g) => (
        <li key={g.id}>
          <span>
            <strong>{t(`games.${g.game}`)}</strong> {players(g)} <small class="muted">{speedText(g.speed)}</small>
          </span>
          <a class="button primary" href={`#/online/${g.id}`} data-testid={`resume-${g.id}`}>
            {t('lobby.resume')}
          </a>
        </li>
      ))}
    </ul>
  );
};

export const HomePage = () => {
  const [game, setGame] = useState<GameId>('hive');
  const conn = useStore(connection.state);
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
        <h2 id="new">{t('home.newGameOf', { game: t(`games.${game}`) })}</h2>
        <CreateForm key={game} game={game} />
      </section>
      <section aria-labelledby="seeks">
        <h2 id="seeks">{t('lobby.open')}</h2>
        <Seeks />
      </section>
      {conn.everConnected && (
        <>
          <section aria-labelledby="turns">
            <h2 id="turns">{t('turns.title')}</h2>
            <YourTurn />
          </section>
          <section aria-labelledby="mine">
            <h2 id="mine">{t('lobby.mine')}</h2>
            <MyGames />
          </section>
          <section aria-labelledby="live">
            <h2 id="live">{t('lobby.live')}</h2>
            <LiveGames />
          </section>
          <section aria-labelledby="tournaments-home">
            <h2 id="tournaments-home">{t('tournaments.title')}</h2>
            <p>
              <a href="#/tournaments" data-testid="home-tournaments">
                {t('tournaments.homeLink')}
              </a>
            </p>
          </section>
          <section aria-labelledby="tournaments-home">
            <h2 id="tournaments-home">{t('tournaments.title')}</h2>
            <p>
              <a href="#/tournaments" data-testid="home-tournaments">
                {t('tournaments.homeLink')}
              </a>
            </p>
          </section>
        </>
      )}
      <section aria-labelledby="saved">
        <h2 id="saved">{t('home.saved')}</h2>
        <Saved />
      </section>
    </div>
  );
};
