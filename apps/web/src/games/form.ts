import { formatNumber } from '../i18n/format.js';
import { t } from '../i18n/index.js';
import type { GameForm, OptionField } from './types.js';

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
export const engineDefault = (mod: GameForm, options: Readonly<Record<string, string>>, key: string): string => {
  const { [key]: _, ...rest } = options;
  const parsed = mod.definition.parseOptions(rest);
  const value = parsed.ok ? (parsed.value as unknown as Record<string, unknown>)[key] : undefined;
  return value === undefined ? '' : String(value);
};

/** The fields that have a say for the form's values (Junqi's teams only with four players, bidding only in 三打一). */
export const applyingFields = (
  fields: readonly OptionField[],
  values: Readonly<Record<string, string>>,
): OptionField[] => fields.filter((f) => f.applies?.(values) ?? true);

/**
 * What is wrong with a field's value, in the player's words and by the field's own label, or undefined: the form
 * says it before the engine would (the engine names options by their keys, which a player never sees).
 */
export const fieldProblem = (f: OptionField, value: string): string | undefined => {
  if (f.kind !== 'number' || value.trim() === '') return undefined;
  const n = Number(value);
  if (Number.isInteger(n) && n >= f.min && n <= f.max) return undefined;
  return t('home.fieldRange', { field: t(f.label), min: formatNumber(f.min), max: formatNumber(f.max) });
};

/** The values the engine is given: those of the fields that apply, left out while empty or refused by their field. */
export const formOptions = (
  fields: readonly OptionField[],
  values: Readonly<Record<string, string>>,
): Record<string, string> =>
  Object.fromEntries(
    applyingFields(fields, values).flatMap((f) => {
      const v = values[f.key] ?? '';
      return v === '' || fieldProblem(f, v) ? [] : [[f.key, v]];
    }),
  );

/**
 * The value a field shows: its own, or, while a field that follows the engine is empty, the engine's default for
 * the other fields' acceptable values (one field's bad value does not blank another's).
 */
export const shownValue = (mod: GameForm, values: Readonly<Record<string, string>>, f: OptionField): string => {
  const own = values[f.key] ?? '';
  if (f.kind === 'toggle' || f.initial !== 'engine' || own !== '') return own;
  return engineDefault(mod, formOptions(mod.fields, values), f.key);
};
