import { ClockSpecSchema, CORRESPONDENCE_DAYS } from '@qiyuan/protocol';
import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { clockSpec, fieldsOf, fieldValue, INITIAL_CLOCK } from '../src/online/clock-form.js';

/** The create form's correspondence clock (issue #23): the days it offers are exactly those the server takes. */
describe('days per move in the create form', () => {
  it('offers one field, the days, and builds the clock the server accepts', () => {
    expect(fieldsOf('correspondence', false)).toEqual(['days']);
    expect(fieldsOf('correspondence', true)).toEqual(['days', 'setup']);
    for (const d of CORRESPONDENCE_DAYS) {
      const r = clockSpec({ ...INITIAL_CLOCK, kind: 'correspondence', days: String(d) }, false);
      expect(r).toEqual({ ok: true, spec: { kind: 'correspondence', daysPerMove: d } });
      expect(v.safeParse(ClockSpecSchema, r.ok && r.spec).success).toBe(true);
    }
  });

  it('refuses a number of days the server would refuse', () => {
    for (const d of ['0', '4', '6', '15', '2.5', '']) {
      expect(fieldValue('days', d)).toBeUndefined();
      expect(clockSpec({ ...INITIAL_CLOCK, kind: 'correspondence', days: d }, false)).toMatchObject({
        ok: false,
        field: 'days',
      });
    }
  });
});
