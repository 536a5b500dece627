import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { guestName } from '../src/session.js';

/** A guest's name is read aloud and typed: `Guest-` and six letters or digits, never a trailing `-` or `_`. */
describe('guest names', () => {
  it('are made of letters and digits, whatever the id holds', () => {
    expect(guestName('ab-_cdEF12')).toBe('Guest-abcdEF');
    expect(guestName('xyz12-_-_-_-')).toBe('Guest-xyz12');
    for (let i = 0; i < 2000; i++) {
      const name = guestName(randomBytes(9).toString('base64url'));
      expect(name).toMatch(/^Guest-[A-Za-z0-9]{1,6}$/);
    }
  });
  it('stay the same for the same guest', () => {
    const id = randomBytes(9).toString('base64url');
    expect(guestName(id)).toBe(guestName(id));
  });
});
