/**
 * The setup editor's section of the Junqi panel (布阵): presets, random, saved setups, the landlord's reserve, every
 * rule problem and confirm. A chunk of its own with the editor's model (junqi-setup-kit.ts): loaded when a seat deploys.
 */
import type { Chips as ChipsOf, EditorModel, PanelActions, Section as SectionOf } from './junqi-panel.js';

/**
 * The panel's section frame and chips, handed in by the controller: a module this chunk imported from the board's
 * would be split off into a request of its own.
 */
export interface PanelParts {
  readonly Section: typeof SectionOf;
  readonly Chips: typeof ChipsOf;
}

export const Editor = ({
  m,
  w,
  act,
  parts: { Section, Chips },
}: {
  m: EditorModel;
  w: Record<string, string>;
  act: PanelActions;
  parts: PanelParts;
}) => {
  let nameInput: HTMLInputElement | null = null;
  return (
    <Section id="setup" title={w.setupTitle!}>
      <p class="muted jq-hint">{m.hint}</p>
      <p class="jq-rules">{m.rules}</p>
      <fieldset class="jq-row">
        <legend class="jq-label">{w.presets}</legend>
        {m.presets.map((p) => (
          <button
            type="button"
            key={p.name}
            data-testid={`jq-preset-${p.name}`}
            disabled={!p.fits}
            title={p.fits ? undefined : w.presetNoFit}
            onClick={() => act.preset(p.name)}
          >
            {p.label}
          </button>
        ))}
        <button type="button" data-testid="jq-random" onClick={() => act.random()}>
          {w.random}
        </button>
      </fieldset>
      <div class="jq-row">
        <label class="jq-label" for="jq-saved">
          {w.saved}
        </label>
        <select
          id="jq-saved"
          data-testid="jq-saved"
          disabled={m.saved.length === 0}
          value={m.savedChoice}
          onChange={(e) => act.choose((e.currentTarget as HTMLSelectElement).value)}
        >
          {m.saved.length === 0 ? <option value="">{w.noSaved}</option> : null}
          {m.saved.map((name) => (
            <option key={name} value={name}>
              {name}
            </option>
          ))}
        </select>
        <button
          type="button"
          data-testid="jq-load"
          disabled={m.saved.length === 0}
          onClick={() => m.savedChoice && act.load(m.savedChoice)}
        >
          {w.load}
        </button>
        <button
          type="button"
          data-testid="jq-delete"
          disabled={m.saved.length === 0}
          onClick={() => m.savedChoice && act.remove(m.savedChoice)}
        >
          {w.delete}
        </button>
      </div>
      <form
        class="jq-row"
        onSubmit={(e) => {
          e.preventDefault();
          act.save(nameInput?.value ?? '');
        }}
      >
        <label class="jq-label" for="jq-save-name">
          {w.name}
        </label>
        <input
          id="jq-save-name"
          data-testid="jq-save-name"
          maxLength={24}
          placeholder={w.namePlaceholder}
          ref={(e) => {
            nameInput = e;
          }}
        />
        <button type="submit" data-testid="jq-save">
          {w.save}
        </button>
      </form>
      {m.reserve && (
        <fieldset class="jq-reserve" data-testid="jq-reserve">
          <legend class="jq-label">
            {w.reserve} <span class="muted">{w.reserveHint}</span>
          </legend>
          {m.reserve.length === 0 ? (
            <p class="muted">{w.reserveEmpty}</p>
          ) : (
            <Chips chips={m.reserve} selected={m.traySelected} onPick={(r) => act.tray(r)} />
          )}
        </fieldset>
      )}
      <p class="jq-message" role="status" data-testid="jq-message">
        {m.message ?? ''}
      </p>
      {m.problems.length > 0 ? (
        <div class="jq-problems" role="alert">
          <p class="jq-label">{w.problems}</p>
          <ul data-testid="jq-problems">
            {m.problems.map((p) => (
              <li key={p}>{p}</li>
            ))}
          </ul>
        </div>
      ) : (
        <p class="jq-ok" data-testid="jq-ok">
          {w.ok}
        </p>
      )}
      <button
        type="button"
        class="primary"
        data-testid="jq-confirm"
        disabled={!m.valid}
        aria-disabled={m.valid ? undefined : 'true'}
        onClick={() => act.confirm()}
      >
        {w.confirm}
      </button>
    </Section>
  );
};
