import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { ClientMessageSchema, MAX_FRAME_BYTES, parseClientMessage, speedOf } from '../src/index.js';

describe('parseClientMessage', () => {
  const accepted: [string, unknown][] = [
    // the handshake names the protocol version
    ['hello', { type: 'hello', v: 1 }],
    // a move carries the game, the last known sequence number and notation
    ['move', { type: 'game.move', id: 'r1', gameId: 'g1', seq: 4, move: 'wQ -wA1' }],
    // hotseat: a move may name its seat
    ['move with seat', { type: 'game.move', gameId: 'g1', seq: 0, seat: 1, move: 'a1b2' }],
    // seeks carry every engine option as loose values, a clock and a seat plan
    [
      'seek',
      {
        type: 'seek.create',
        game: 'junqi',
        options: { players: 4, mode: 'hidden', partnersSee: false },
        clock: { kind: 'move', moveMs: 30000, setupMs: 120000 },
        rated: true,
        seats: [{ kind: 'me' }, { kind: 'open' }, { kind: 'ai', level: 3 }, { kind: 'open' }],
        private: false,
      },
    ],
    // resuming a game: watch with the last sequence number
    ['watch', { type: 'game.watch', gameId: 'g1', seq: 12 }],
    // offers and answers
    ['answer', { type: 'game.answer', gameId: 'g1', seq: 3, offer: 'takeback', accept: false }],
  ];
  it.each(accepted)('accepts %s', (_, msg) => {
    const r = parseClientMessage(JSON.stringify(msg));
    expect(r.ok).toBe(true);
  });

  const refused: [string, string, string][] = [
    // not JSON at all
    ['garbage', '{"type":', 'bad-json'],
    // an unknown type is named in the reason
    ['unknown type', '{"type":"launch.missiles"}', 'bad-message'],
    // a state-changing message without its sequence number is refused
    ['move without seq', '{"type":"game.move","gameId":"g","move":"x"}', 'bad-message'],
    // negative or fractional sequence numbers
    ['bad seq', '{"type":"game.move","gameId":"g","seq":-1,"move":"x"}', 'bad-message'],
    // extra fields are refused (strict objects), so typos surface
    ['extra field', '{"type":"ping","color":"red"}', 'bad-message'],
    // a clock with a fractional increment
    [
      'bad clock',
      '{"type":"seek.create","game":"hive","options":{},"clock":{"kind":"fischer","initialMs":60000,"incrementMs":0.5},"rated":false,"seats":[{"kind":"me"}],"private":false}',
      'bad-message',
    ],
    // an arbitrary JSON value that is not an object
    ['array', '[1,2,3]', 'bad-message'],
    // a frame larger than the limit
    ['too large', `{"type":"ping","id":"${'x'.repeat(MAX_FRAME_BYTES)}"}`, 'too-large'],
  ];
  it.each(refused)('refuses %s', (_, text, code) => {
    const r = parseClientMessage(text);
    expect(r.ok).toBe(false);
    if (!r.ok) {
      expect(r.code).toBe(code);
      expect(r.reason.length).toBeGreaterThan(5);
    }
  });

  it('gives what the whole schema gives, for a message checked by its own type’s schema', () => {
    // a known type is checked by its own schema first; the output (a trimmed name included) is the variant's
    const messages: unknown[] = [
      ...accepted.map(([, msg]) => msg),
      { type: 'tournament.join', id: 't', tournamentId: 'x', team: ' Blues ' },
      { type: 'ping', id: 'p' },
    ];
    for (const msg of messages) {
      const whole = v.safeParse(ClientMessageSchema, msg);
      const r = parseClientMessage(JSON.stringify(msg));
      expect(r).toEqual(whole.success ? { ok: true, value: whole.output } : expect.objectContaining({ ok: false }));
    }
    // a transform in the type's schema still applies
    expect(parseClientMessage('{"type":"tournament.join","tournamentId":"x","team":"  Reds  "}')).toEqual({
      ok: true,
      value: { type: 'tournament.join', tournamentId: 'x', team: 'Reds' },
    });
  });

  it('refuses a known type’s bad fields with the reason the whole schema gives', () => {
    const bad = [
      '{"type":"game.move","gameId":"g","seq":1,"move":"x","colour":"red"}',
      '{"type":"game.move","gameId":"g","seq":1.5,"move":"x"}',
      '{"type":"game.move","gameId":"","seq":1,"move":"x","id":"r9"}',
      '{"type":"game.move","gameId":"g","seq":1,"seat":16,"move":"x"}',
      '{"type":"ping","id":7}',
    ];
    for (const text of bad) {
      const whole = v.safeParse(ClientMessageSchema, JSON.parse(text));
      expect(whole.success).toBe(false);
      const r = parseClientMessage(text);
      expect(r.ok).toBe(false);
      const issue = whole.issues![0];
      const path = issue.path?.map((p) => String(p.key)).join('.') ?? '';
      if (!r.ok) expect(r.reason).toBe(`${path ? `${path}: ` : ''}${issue.message}`);
    }
  });

  it('echoes the request id of a refused message', () => {
    // the client can match the error to its request
    const r = parseClientMessage('{"type":"game.move","id":"abc"}');
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.id).toBe('abc');
  });
});

describe('speedOf', () => {
  const rows: [unknown, string][] = [
    // 1+0: bullet
    [{ kind: 'fischer', initialMs: 60000, incrementMs: 0 }, 'bullet'],
    // 3+2: 3 min + 80 s = 260 s → blitz
    [{ kind: 'fischer', initialMs: 180000, incrementMs: 2000 }, 'blitz'],
    // 15+10: rapid
    [{ kind: 'fischer', initialMs: 900000, incrementMs: 10000 }, 'rapid'],
    // 30 s per move: 40 × 30 s = 20 min → rapid
    [{ kind: 'move', moveMs: 30000 }, 'rapid'],
    // no clock
    [{ kind: 'none' }, 'unlimited'],
  ];
  it.each(rows)('%j is %s', (clock, speed) => {
    expect(speedOf(clock as Parameters<typeof speedOf>[0])).toBe(speed);
  });
});
