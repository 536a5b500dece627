import type { ClockSpec, SeatHolder, UserInfo } from '@qiyuan/protocol';
import { t, tOr } from '../i18n/index.js';

/** A user as people read it: the server names guests `Guest-<id>`; the word "guest" follows the language. */
export const displayName = (u: Pick<UserInfo, 'name' | 'guest'>): string => {
  const m = /^Guest-(.+)$/.exec(u.name);
  return u.guest && m ? t('online.guestName', { id: m[1] }) : u.name;
};

/** Who holds a seat, in words. */
export const holderName = (h: SeatHolder | undefined): string => {
  if (!h || h.kind === 'open') return t('online.open');
  if (h.kind === 'ai') return t('online.ai', { n: h.level });
  return displayName(h.user);
};

const seconds = (ms: number): string => String(Math.round(ms / 100) / 10);
const minutes = (ms: number): string => {
  const m = ms / 60_000;
  // ½ and ¼ like lichess's ½+0; other fractions in decimals
  return m === 0.5 ? '½' : m === 0.25 ? '¼' : String(Math.round(m * 100) / 100);
};

/** A time control in the lobby's short form: `5+3`, `30 s per move`, `No clock`. */
export const clockText = (c: ClockSpec): string => {
  let main: string;
  switch (c.kind) {
    case 'fischer':
      main = t('lobby.fmt.fischer', { m: minutes(c.initialMs), s: seconds(c.incrementMs) });
      break;
    case 'delay':
      main = t('lobby.fmt.delay', { m: minutes(c.initialMs), s: seconds(c.delayMs) });
      break;
    case 'move':
      main = t('lobby.fmt.move', { s: seconds(c.moveMs) });
      break;
    case 'correspondence':
      main = t('lobby.fmt.correspondence', { count: c.daysPerMove });
      break;
    default:
      main = t('lobby.fmt.none');
  }
  return c.setupMs ? `${main} · ${t('lobby.fmt.setup', { s: seconds(c.setupMs) })}` : main;
};

export const speedText = (speed: string): string => tOr(`lobby.speed.${speed}`, speed);

/** A clock face: `m:ss`, and tenths under ten seconds, as on lichess. */
export const clockFace = (ms: number): string => {
  const clamped = Math.max(0, ms);
  // correspondence: days and hours
  if (clamped >= 86_400_000) {
    const hours = Math.floor(clamped / 3_600_000);
    return t('turns.days', { d: Math.floor(hours / 24), h: hours % 24 });
  }
  if (clamped < 10_000) {
    const tenths = Math.floor(clamped / 100);
    return `0:0${Math.floor(tenths / 10)}.${tenths % 10}`;
  }
  const s = Math.ceil(clamped / 1000);
  const h = Math.floor(s / 3600);
  const m = Math.floor((s % 3600) / 60);
  const mm = h > 0 ? String(m).padStart(2, '0') : String(m);
  return `${h > 0 ? `${h}:` : ''}${mm}:${String(s % 60).padStart(2, '0')}`;
};

/**
 * Milliseconds until `clockFace` of a countdown now at `ms` shows something else: the next whole second from ten
 * seconds up (a face rounds seconds up), the next tenth below, and the step from `0:10` to `0:09.9`. A page redraws
 * its running clocks then, not ten times a second while they show the same face. `Infinity` once it has run out.
 */
export const nextFaceChange = (ms: number): number => {
  // under a tenth the face shows 0:00.0 until the server says the time is up
  if (ms < 100) return Number.POSITIVE_INFINITY;
  // below ten seconds: the tenth changes once the time falls under the tenth shown (`0:09.9` until 9,899.x)
  if (ms < 10_000) return (ms % 100) + 1;
  return Math.min(nextWholeSecond(ms), ms - 9_999);
};

/** Milliseconds until a countdown shown in whole seconds, rounded up, shows one second less. */
export const nextWholeSecond = (ms: number): number => ms - (Math.ceil(ms / 1000) - 1) * 1000;

/** Signed rating difference: `+12`, `−8`, `±0`. */
export const signed = (n: number): string => (n > 0 ? `+${n}` : n < 0 ? `−${-n}` : '±0');
