import { describe, expect, it } from 'vitest';
import { parseServerMessage } from '../src/index.js';

const frame = {
  gameId: 'g1',
  seq: 3,
  you: [0],
  view: { board: 'anything the engine shows' },
  turn: { kind: 'seat', seat: 1 },
  clock: { remainingMs: [60000, 59000], running: [1], serverTime: 1000, paused: false },
  offers: [{ seat: 0, offer: 'draw' }],
  ply: 2,
};
const user = { id: 'u1', name: 'Ann', guest: false };

describe('parseServerMessage', () => {
  const accepted: [string, unknown][] = [
    ['welcome', { type: 'welcome', v: 1, user, serverTime: 5 }],
    [
      'error with a refusal',
      { type: 'error', id: 'r1', code: 'not-allowed', reason: 'paused', refusal: 'game-paused' },
    ],
    ['ack', { type: 'ack', id: 'r2', gameId: 'g1', seq: 4 }],
    ['update', { type: 'game.update', event: 'move', records: [{ ply: 1, seat: 0, notation: 'a1b2' }], ...frame }],
    // a newer server's field the client does not know is kept, not refused
    ['update with a new field', { type: 'game.update', event: 'move', records: [], future: true, ...frame }],
    ['chat', { type: 'game.chat', gameId: 'g1', from: user, text: 'hi', at: 9 }],
    ['your turn', { type: 'your-turn', gameId: 'g1', game: 'hive', deadline: 100 }],
  ];
  it.each(accepted)('accepts %s', (_, msg) => {
    const parsed = parseServerMessage(JSON.stringify(msg));
    expect(parsed).toEqual({ ok: true, value: msg });
  });

  const refused: [string, string, RegExp][] = [
    ['not JSON', '{"type":', /not valid JSON/],
    ['not an object', '42', /unknown message type/],
    [
      'an unknown type',
      JSON.stringify({ type: 'game.teleport', gameId: 'g1' }),
      /unknown message type "game.teleport"/,
    ],
    ['a welcome of another version', JSON.stringify({ type: 'welcome', v: 2, user, serverTime: 5 }), /welcome: v:/],
    [
      'an error code the client cannot word',
      JSON.stringify({ type: 'error', code: 'boom', reason: 'x' }),
      /error: code:/,
    ],
    [
      'a sequence number as text',
      JSON.stringify({ type: 'game.update', event: 'move', records: [], ...frame, seq: '4' }),
      /game.update: seq:/,
    ],
    [
      'a turn of an unknown kind',
      JSON.stringify({ type: 'game.update', event: 'move', records: [], ...frame, turn: { kind: 'all' } }),
      /game.update: turn/,
    ],
    [
      'a record without its notation',
      JSON.stringify({ type: 'game.update', event: 'move', records: [{ ply: 1, seat: 0 }], ...frame }),
      /game.update: records.0.notation:/,
    ],
    [
      'a clock without its remaining times',
      JSON.stringify({ type: 'game.sync', info: {}, records: [], ...frame, clock: { running: [] } }),
      /game.sync: /,
    ],
    ['a lobby whose seeks are not a list', JSON.stringify({ type: 'lobby', seeks: {} }), /lobby: seeks:/],
    [
      'a seek of an unknown game',
      JSON.stringify({ type: 'seek.added', seek: { id: 's', game: 'go' } }),
      /seek.added: seek/,
    ],
  ];
  it('keeps an error whose refusal it has no words for, without the refusal', () => {
    const parsed = parseServerMessage(
      JSON.stringify({ type: 'error', code: 'not-allowed', reason: 'x', refusal: 'new' }),
    );
    expect(parsed).toEqual({ ok: true, value: { type: 'error', code: 'not-allowed', reason: 'x' } });
  });

  it.each(refused)('refuses %s with a reason', (_, text, reason) => {
    const parsed = parseServerMessage(text);
    expect(parsed.ok).toBe(false);
    if (!parsed.ok) expect(parsed.reason).toMatch(reason);
  });
});
