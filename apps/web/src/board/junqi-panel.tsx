/**
 * The panel beside the Junqi board: the armies and whose turn it is, then
 * what the phase needs — the bidding of 三打一, the setup editor's tools
 * (presets, random, saved setups, the reserve, every rule problem, confirm),
 * or the combat report, the recent combats and the removed pieces. It holds
 * no state of its own: the controller hands it a model and its actions.
 */
import type { ComponentChildren } from 'preact';

export interface SeatRow {
  readonly seat: number;
  readonly name: string;
  readonly colour: string;
  readonly notes: readonly string[];
  readonly you: boolean;
  readonly active: boolean;
  readonly out: boolean;
}

export interface Chip {
  readonly rank: string;
  readonly label: string;
  readonly n: number;
}

export interface EditorModel {
  readonly hint: string;
  /** The deployment rules in one line. */
  readonly rules: string;
  readonly presets: readonly { name: string; label: string; fits: boolean }[];
  readonly saved: readonly string[];
  /** The saved setup chosen in the list. */
  readonly savedChoice: string;
  readonly problems: readonly string[];
  readonly valid: boolean;
  readonly message: string | undefined;
  /** 三打一's landlord: the pieces held but not deployed. */
  readonly reserve?: readonly Chip[] | undefined;
  readonly traySelected: string | undefined;
}

export interface BiddingModel {
  readonly hint: string;
  readonly hand: readonly Chip[];
  readonly calls: readonly string[];
  readonly turn: string;
  readonly redeal: boolean;
  readonly options: readonly { notation: string; label: string }[];
}

export interface PanelModel {
  readonly banner: string | undefined;
  readonly seats: readonly SeatRow[];
  readonly landlord: string | undefined;
  readonly bidding?: BiddingModel | undefined;
  /** Whether a seat deploys here: the setup editor's section (`editor`) is drawn then. */
  readonly editing?: boolean | undefined;
  /** Setup, not editing: what this seat waits for, and its confirmed deployment. */
  readonly waiting?: string | undefined;
  readonly combat?: { readonly last: string | undefined; readonly log: readonly string[] } | undefined;
  readonly tally?: readonly { colour: string; title: string; items: readonly string[] }[] | undefined;
  readonly words: Record<string, string>;
}

export interface PanelActions {
  play(notation: string): void;
  preset(name: string): void;
  random(): void;
  save(name: string): void;
  load(name: string): void;
  remove(name: string): void;
  confirm(): void;
  tray(rank: string): void;
  choose(name: string): void;
}

export const Section = ({ id, title, children }: { id: string; title: string; children: ComponentChildren }) => (
  <section class={`jq-sec jq-${id}`} aria-labelledby={`jq-${id}-title`} data-testid={`jq-${id}`}>
    <h2 id={`jq-${id}-title`}>{title}</h2>
    {children}
  </section>
);

export const Chips = ({
  chips,
  selected,
  onPick,
}: {
  chips: readonly Chip[];
  selected?: string;
  onPick?: (r: string) => void;
}) => (
  <ul class="jq-chips">
    {chips.map((c) =>
      onPick ? (
        <li key={c.rank}>
          <button
            type="button"
            class="jq-chip"
            data-rank={c.rank}
            aria-pressed={selected === c.rank ? 'true' : 'false'}
            onClick={() => onPick(c.rank)}
          >
            {c.label}
          </button>
        </li>
      ) : (
        <li key={c.rank} class="jq-chip" data-rank={c.rank}>
          {c.label}
        </li>
      ),
    )}
  </ul>
);

/**
 * `editor`: the setup editor's section (junqi-panel-editor.tsx), drawn by the controller once its chunk is in: only a
 * seat deploying needs it, and a replay or an analysis board shows a deployment without editing one.
 */
export const JunqiPanel = ({
  m,
  act,
  editor,
}: {
  m: PanelModel;
  act: Pick<PanelActions, 'play'>;
  editor?: ComponentChildren;
}) => {
  const w = m.words;
  return (
    <div class="jq-panel">
      {m.banner && (
        <p class="jq-banner" data-testid="jq-banner">
          {m.banner}
        </p>
      )}
      <Section id="players" title={w.players!}>
        <ul class="jq-seats">
          {m.seats.map((s) => (
            <li
              key={s.seat}
              class={`${s.active ? 'active' : ''} ${s.out ? 'out' : ''}`}
              data-seat={s.seat}
              aria-current={s.active ? 'true' : undefined}
            >
              <span class="jq-swatch" style={{ background: s.colour }} aria-hidden="true" />
              <span class="jq-name">{s.name}</span>
              {s.you && <span class="jq-tag">{w.you}</span>}
              {s.notes.map((n) => (
                <span class="jq-note" key={n}>
                  {n}
                </span>
              ))}
            </li>
          ))}
        </ul>
        {m.landlord && (
          <p class="jq-landlord" data-testid="jq-landlord">
            {m.landlord}
          </p>
        )}
      </Section>
      {m.bidding && (
        <Section id="bidding" title={w.biddingTitle!}>
          <p class="muted">{m.bidding.hint}</p>
          {m.bidding.hand.length > 0 && (
            <>
              <p class="jq-label">{w.hand}</p>
              <Chips chips={m.bidding.hand} />
            </>
          )}
          {m.bidding.redeal && <p class="note">{w.redeal}</p>}
          <p class="jq-label">{w.calls}</p>
          {m.bidding.calls.length === 0 ? (
            <p class="muted">{w.noCalls}</p>
          ) : (
            <ul class="jq-calls" data-testid="jq-calls">
              {m.bidding.calls.map((c, i) => (
                <li key={i}>{c}</li>
              ))}
            </ul>
          )}
          <p>{m.bidding.turn}</p>
          {m.bidding.options.length > 0 && (
            <fieldset class="jq-row">
              <legend class="sr-only">{w.yourTurn}</legend>
              {m.bidding.options.map((o) => (
                <button
                  type="button"
                  key={o.notation}
                  data-testid={`jq-call-${o.notation.replace(/^bid\s+/, '')}`}
                  onClick={() => act.play(o.notation)}
                >
                  {o.label}
                </button>
              ))}
            </fieldset>
          )}
        </Section>
      )}
      {m.editing && editor}
      {m.waiting && (
        <p class="jq-waiting" data-testid="jq-waiting">
          {m.waiting}
        </p>
      )}
      {m.combat && (
        <Section id="combat" title={w.combatTitle!}>
          <p class="jq-last" data-testid="jq-combat-last" aria-live="polite">
            {m.combat.last ?? w.noCombat}
          </p>
          {m.combat.log.length > 0 && (
            <>
              <h3>{w.combatLog}</h3>
              <ul class="jq-log" data-testid="jq-log">
                {m.combat.log.map((line, i) => (
                  <li key={i}>{line}</li>
                ))}
              </ul>
            </>
          )}
        </Section>
      )}
      {m.tally && (
        <Section id="tally" title={w.tallyTitle!}>
          <ul class="jq-tally-list">
            {m.tally.map((a) => (
              <li key={a.title}>
                <span class="jq-swatch" style={{ background: a.colour }} aria-hidden="true" />
                <span class="jq-name">{a.title}</span> {a.items.join(' · ')}
              </li>
            ))}
          </ul>
        </Section>
      )}
    </div>
  );
};
