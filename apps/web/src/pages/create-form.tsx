import { type GameId, SPECTATOR } from '@qiyuan/core';
import { type ChallengeInfo, type ClockSpec, CORRESPONDENCE_DAYS, type SeatPlan } from '@qiyuan/protocol';
import { useEffect, useState } from 'preact/hooks';
import { applyingFields, fieldProblem, formOptions, initialValues, shownValue } from '../games/form.js';
import { WEB_GAMES } from '../games/registry.js';
import { type GameForm, type GameModule, loadGame } from '../games/types.js';
import { t } from '../i18n/index.js';
import { account } from '../online/account.js';
import { type ChallengeRequest, sendChallenge } from '../online/challenges.js';
import { connection, lobby } from '../online/client.js';
import { CLOCK_RULES, type ClockForm, clockSpec, type FieldRule, INITIAL_CLOCK } from '../online/clock-form.js';
import { clockText, speedText } from '../online/names.js';
import { refusalSaid } from '../online/refusal-said.js';
import { engineRefusalText } from '../play/engine-refusals.js';
import { navigate } from '../router.js';
import { useStore } from '../store.js';
import { Field, wireOptions } from './game-options.js';

/* The form that starts a game: online (seek), at one screen or against the AI, with its clock and seats. */

type Mode = 'online' | 'hotseat' | 'ai';
const MODES: readonly Mode[] = ['online', 'hotseat', 'ai'];
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
  const spec = clockSpec(c, WEB_GAMES[game].setupPhase);
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
      {WEB_GAMES[game].setupPhase && (
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

/** The form as a challenge to one player: a game of two, sent to `name` (no lobby, no seats to plan but one's own). */
export interface ChallengeTarget {
  readonly name: string;
  readonly onSent: (challenge: ChallengeInfo) => void;
}

export const CreateForm = ({ game, challenge }: { game: GameId; challenge?: ChallengeTarget }) => {
  // the form's fields and options parser come first (a small chunk); the game's own chunk (engine, board) once the
  // player touches the form, for what needs a game made: its seats' names and number, a position's check, the start
  const [form, setForm] = useState<GameForm | undefined>();
  const [mod, setMod] = useState<GameModule | undefined>();
  const [wanted, setWanted] = useState(challenge !== undefined);
  const [loadError, setLoadError] = useState(false);
  const [values, setValues] = useState<Record<string, string>>({});
  const [mode, setMode] = useState<Mode>(challenge ? 'online' : 'hotseat');
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
    setForm(undefined);
    setMod(undefined);
    setLoadError(false);
    WEB_GAMES[game].form().then(
      (f) => {
        if (!live) return;
        setForm(f);
        setValues(initialValues(f.fields));
      },
      () => live && setLoadError(true),
    );
    return () => {
      live = false;
    };
  }, [game]);
  useEffect(() => {
    if (!wanted) return;
    let live = true;
    loadGame(game).then(
      (m) => live && setMod(m),
      () => live && setLoadError(true),
    );
    return () => {
      live = false;
    };
  }, [game, wanted]);
  // the network failed: the browser's English message is for the console, not the player
  if (loadError) return <p class="error">{t('errors.unknown', { reason: t('errors.network') })}</p>;
  if (!form) return <p aria-busy="true">…</p>;
  const want = () => setWanted(true);
  // fields for local games only (a position to start from) are neither shown nor sent for an online seek
  // and a field that has no say for the other choices (Junqi's teams with two players) is neither shown nor sent
  const fields = applyingFields(
    form.fields.filter((f) => !(mode === 'online' && f.kind === 'text' && f.localOnly)),
    values,
  );
  const options = formOptions(fields, values);
  const parsed = form.definition.parseOptions(options);
  const made = (m: GameModule) => (parsed.ok ? m.definition.create(parsed.value) : undefined);
  const created = mod ? made(mod) : undefined;
  // a field's own problem, by its label, before the engine's (worded by its code in the player's language)
  const problem =
    fields.map((f) => fieldProblem(f, values[f.key] ?? '')).find((p) => p !== undefined) ??
    (!parsed.ok
      ? engineRefusalText(parsed.error)
      : created && !created.ok
        ? engineRefusalText(created.error)
        : undefined);
  const seatCount = created?.ok ? created.value.seatCount : 2;
  // seats by the game's own names (Black, White; Red, Blue …): "Seat 1" leaves a player guessing which side it is
  const names = mod && created?.ok ? mod.seatNames(created.value.viewFor(SPECTATOR), seatCount) : [];
  const seatName = (i: number): string => names[i] || t('game.seat', { n: i + 1 });
  const guest = me?.guest !== false;
  const plannedAi = others.slice(0, seatCount - 1).some((o) => o !== 'open');
  const clockOk = clockSpec(clock, WEB_GAMES[game].setupPhase);
  /** The game's chunk, when the start came before it (a click right after the page drew). */
  const gameModule = async (): Promise<GameModule | undefined> => {
    if (mod) return mod;
    setBusy(true);
    try {
      const m = await loadGame(game);
      setMod(m);
      return m;
    } catch {
      setError(t('errors.unknown', { reason: t('errors.network') }));
      return undefined;
    } finally {
      setBusy(false);
    }
  };
  const start = async (e: Event) => {
    e.preventDefault();
    setError(undefined);
    if (problem) return setError(problem);
    if (challenge) {
      if (!clockOk.ok) return;
      setBusy(true);
      const req: ChallengeRequest = {
        game,
        options: wireOptions(form, options),
        clock: clockOk.spec,
        rated: rated && !guest,
        ...(mine === 'random' ? {} : { seat: Number(mine) }),
      };
      void sendChallenge(challenge.name, req).then(async (r) => {
        setBusy(false);
        if (r.ok) challenge.onSent(r.value.challenge);
        else setError(t('bots.failed', { reason: await refusalSaid(r) }));
      });
      return;
    }
    const m = await gameModule();
    if (!m) return;
    const game1 = made(m);
    if (game1 && !game1.ok) return setError(engineRefusalText(game1.error));
    const seats = game1?.ok ? game1.value.seatCount : seatCount;
    if (mode === 'online') {
      if (!clockOk.ok) return;
      setBusy(true);
      lobby
        .createSeek({
          game,
          options: wireOptions(form, options),
          clock: clockOk.spec,
          rated: rated && !guest,
          private: priv,
          seats: seatPlans(seats, mine, others),
        })
        .then(async (r) => {
          setBusy(false);
          if (r.ok) navigate({ page: 'online', id: r.value });
          else setError(t('lobby.error', { reason: await refusalSaid(r) }));
        });
      return;
    }
    const human = Math.min(Number(aiSide), seats - 1);
    const aiSeats = Array.from({ length: seats }, (_, i) => i).filter((s) => s !== human);
    const saved = m.localOptions ? m.localOptions(options) : options;
    // the local game's session only now: the form draws without it
    const { LocalSession } = await import('../play/session.js');
    const r = LocalSession.create(m.definition, game, mode, saved, aiSeats, Number(level));
    if (!r.ok) return setError(engineRefusalText(r.error));
    navigate({ page: 'local', id: r.save.id });
  };
  return (
    <form
      class="create"
      onSubmit={(e) => void start(e)}
      onFocusIn={want}
      onPointerDown={want}
      aria-label={challenge ? t('bots.challengeTitle', { name: challenge.name }) : t('home.newGame')}
    >
      <fieldset class="modes" hidden={challenge !== undefined}>
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
            scope={WEB_GAMES[game].scope}
            f={f}
            value={shownValue(form, values, f)}
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
          {challenge ? (
            <label for="challenge-seat">
              <span>{t('bots.mySeat')}</span>
              <select
                id="challenge-seat"
                value={mine}
                onChange={(e) => setMine((e.currentTarget as HTMLSelectElement).value)}
              >
                <option value="random">{t('bots.random')}</option>
                {Array.from({ length: seatCount }, (_, i) => (
                  <option key={i} value={String(i)}>
                    {seatName(i)}
                  </option>
                ))}
              </select>
            </label>
          ) : (
            <>
              <fieldset class="chips-row">
                <legend>{t('lobby.visibility')}</legend>
                <label class="chip">
                  <input
                    type="radio"
                    name="visibility"
                    value="public"
                    checked={!priv}
                    onChange={() => setPriv(false)}
                  />
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
            </>
          )}
          {!online.connected && <p class="note">{t('home.offline')}</p>}
        </>
      )}
      {problem && (
        <p class="error" role="alert" data-testid="form-problem">
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
        {challenge ? t('bots.send') : t('home.create')}
      </button>
    </form>
  );
};

// ---------------------------------------------------------------- lists
