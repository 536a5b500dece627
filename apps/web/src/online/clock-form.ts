import { type ClockKind, type ClockSpec, CORRESPONDENCE_DAYS, type CorrespondenceDays } from '@qiyuan/protocol';

/**
 * The create form's time control: the text of its fields, the one rule each field follows, and the protocol's
 * clock built from them. The same rule gives the number fields their bounds and step (what the browser accepts
 * before it submits) and decides whether the form's clock is a clock at all, so the form never shows a time
 * control the browser then refuses to send.
 */

export interface ClockForm {
  readonly kind: ClockKind;
  readonly minutes: string;
  readonly increment: string;
  readonly delay: string;
  readonly perMove: string;
  /** Days per move of a correspondence game: one of `CORRESPONDENCE_DAYS`, chosen from a list. */
  readonly days: string;
  readonly setup: string;
}

export type ClockField = Exclude<keyof ClockForm, 'kind'>;

export const INITIAL_CLOCK: ClockForm = {
  kind: 'fischer',
  minutes: '10',
  increment: '5',
  delay: '5',
  perMove: '30',
  days: '3',
  setup: '0',
};

/** What a field accepts: a multiple of `step` from `min` to `max`. */
export interface FieldRule {
  readonly min: number;
  readonly max: number;
  readonly step: number;
}

/** Minutes in quarters (15 seconds, as lichess offers ¼ and ½ minute); seconds whole. */
export const CLOCK_RULES: Readonly<Record<ClockField, FieldRule>> = {
  minutes: { min: 0.25, max: 10_080, step: 0.25 },
  increment: { min: 0, max: 600, step: 1 },
  delay: { min: 0, max: 600, step: 1 },
  perMove: { min: 1, max: 86_400, step: 1 },
  // only the listed days are offered (a select); `fieldValue` refuses the others
  days: { min: 1, max: 14, step: 1 },
  setup: { min: 0, max: 3600, step: 1 },
};

/** The field's number, or undefined when the rule refuses its text (empty, out of bounds, between two steps). */
export const fieldValue = (field: ClockField, text: string): number | undefined => {
  const rule = CLOCK_RULES[field];
  const n = Number(text);
  if (text.trim() === '' || !Number.isFinite(n) || n < rule.min || n > rule.max) return undefined;
  // as the browser checks a step: from the minimum, in whole steps (a small tolerance for decimal fractions)
  const steps = (n - rule.min) / rule.step;
  if (field === 'days' && !CORRESPONDENCE_DAYS.includes(n as CorrespondenceDays)) return undefined;
  return Math.abs(steps - Math.round(steps)) < 1e-9 ? n : undefined;
};

/** The fields a clock kind shows (the setup limit: only where the game has a setup phase). */
export const fieldsOf = (kind: ClockKind, setup: boolean): ClockField[] => {
  const own: Record<ClockKind, ClockField[]> = {
    none: [],
    fischer: ['minutes', 'increment'],
    delay: ['minutes', 'delay'],
    move: ['perMove'],
    correspondence: ['days'],
  };
  return setup ? [...own[kind], 'setup'] : own[kind];
};

export type ClockResult = { ok: true; spec: ClockSpec } | { ok: false; field: ClockField; rule: FieldRule };

/** The form's clock as the protocol's spec, or the first field whose text its rule refuses. */
export const clockSpec = (c: ClockForm, setupPhase = true): ClockResult => {
  const values: Partial<Record<ClockField, number>> = {};
  for (const f of fieldsOf(c.kind, setupPhase)) {
    const n = fieldValue(f, c[f]);
    if (n === undefined) return { ok: false, field: f, rule: CLOCK_RULES[f] };
    values[f] = n;
  }
  const setup = values.setup ?? 0;
  const extra = setup > 0 ? { setupMs: Math.round(setup * 1000) } : {};
  const sec = (f: ClockField) => Math.round((values[f] ?? 0) * 1000);
  switch (c.kind) {
    case 'none':
      return { ok: true, spec: { kind: 'none', ...extra } };
    case 'fischer':
      return {
        ok: true,
        spec: { kind: 'fischer', initialMs: sec('minutes') * 60, incrementMs: sec('increment'), ...extra },
      };
    case 'delay':
      return { ok: true, spec: { kind: 'delay', initialMs: sec('minutes') * 60, delayMs: sec('delay'), ...extra } };
    case 'move':
      return { ok: true, spec: { kind: 'move', moveMs: sec('perMove'), ...extra } };
    case 'correspondence':
      return { ok: true, spec: { kind: 'correspondence', daysPerMove: values.days as CorrespondenceDays, ...extra } };
  }
};
