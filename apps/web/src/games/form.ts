import type { GameModule, OptionField } from './types.js';

/**
 * The create form's values: one string per field, as the engine's `parseOptions` reads them (toggles `on`/`off`).
 * A field that follows the engine's default (`initial: 'engine'`) starts empty, so the engine decides.
 */
export const initialValues = (fields: readonly OptionField[]): Record<string, string> =>
  Object.fromEntries(
    fields.map((f) => [
      f.key,
      f.kind === 'toggle' ? (f.initial ? 'on' : 'off') : f.initial === 'engine' ? '' : String(f.initial),
    ]),
  );

/** What the engine makes of option `key` when the form leaves it out: its default for the form's other choices. */
export const engineDefault = (mod: GameModule, options: Readonly<Record<string, string>>, key: string): string => {
  const { [key]: _, ...rest } = options;
  const parsed = mod.definition.parseOptions(rest);
  const value = parsed.ok ? (parsed.value as unknown as Record<string, unknown>)[key] : undefined;
  return value === undefined ? '' : String(value);
};

/** The value a field shows: its own, or, while a field that follows the engine is empty, the engine's default. */
export const shownValue = (mod: GameModule, values: Readonly<Record<string, string>>, f: OptionField): string => {
  const own = values[f.key] ?? '';
  if (f.kind === 'toggle' || f.initial !== 'engine' || own !== '') return own;
  const filled = Object.fromEntries(Object.entries(values).filter(([, v]) => v !== ''));
  return engineDefault(mod, filled, f.key);
};
