/**
 * Junqi's engine definition with the options the form gives made whole (fields that do not apply to the chosen
 * players dropped, `junqi-form.ts`).
 */
import type { GameDefinition } from '@qiyuan/core';
import { junqi } from '@qiyuan/junqi';
import { normalise } from './junqi-form.js';

export { fields } from './junqi-form.js';

const engine: GameDefinition = junqi;

export const definition: GameDefinition = {
  ...engine,
  parseOptions: (raw) => engine.parseOptions(normalise(raw)),
};
