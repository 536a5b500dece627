import type { GameId } from '@qiyuan/core';
import { WEB_GAMES } from '../games/registry.js';
import type { GameForm, OptionField } from '../games/types.js';
import { t, tOr } from '../i18n/index.js';

/* A game's options as the forms show them and as an online game is created with them. */
/** Each game's key prefix for its option values (`values.<scope>.<key>.<value>`), known before its module loads. */

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
    const label = optionLabel(WEB_GAMES[game].scope, k, v);
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
  mod: GameForm,
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
