import type { GameId } from '@qiyuan/core';
import type { ClockSpec, ErrorCode, RefusalCode, RefusalValues, SeatPlan, SeekInfo, UserInfo } from '@qiyuan/protocol';
import { parseServerMessage } from '@qiyuan/protocol';
import { Store } from '../store.js';
import { account } from './account.js';
import { fetchSession, heard, listen, type Message, markOnline, type Outcome, sessionEnd } from './wire.js';

/**
 * The WebSocket client of the wire protocol (docs/PROTOCOL.md): one socket at
 * `/ws`, `hello` → `welcome`, requests carry an `id` and get `ack` or `error`.
 * It reconnects with back-off and re-watches the games it follows, sending
 * the last `seq` it knows, so a reload or a dropped connection resumes.
 */

export type { ClockSpec, SeatPlan, SeekInfo, UserInfo };

export interface ConnectionState {
  readonly connected: boolean;
  /** Whether a connection ever succeeded (a lost one shows "reconnecting", a server never reached shows "offline"). */
  readonly everConnected: boolean;
  readonly user: UserInfo | undefined;
  /** The lobby's public seeks, live while the lobby is subscribed. */
  readonly seeks: readonly SeekInfo[];
  /** This player's seeks that expired while no page of theirs was open (the lobby says so). */
  readonly expiredSeeks: readonly string[];
}

export type Reply =
  | { readonly ok: true; readonly msg: Message }
  | {
      readonly ok: false;
      readonly code: ErrorCode | 'offline';
      readonly reason: string;
      readonly seq?: number;
      /** Which refusal it is, for the player's words (refusal-words.ts); `reason` is the server's English. */
      readonly refusal?: RefusalCode;
      readonly values?: RefusalValues;
    };

class Connection {
  readonly state = new Store<ConnectionState>({
    connected: false,
    everConnected: false,
    user: undefined,
    seeks: [],
    expiredSeeks: [],
  });
  #ws: WebSocket | undefined;
  #next = 1;
  #pending = new Map<string, (r: Reply) => void>();
  #onOpen = new Set<() => void>();
  #lobbyWatchers = 0;
  #retry = 500;
  #retryTimer: ReturnType<typeof setTimeout> | undefined;
  #opening: Promise<boolean> | undefined;

  /** Opens the socket if needed; resolves false when the server cannot be reached. */
  open(): Promise<boolean> {
    if (this.#ws?.readyState === WebSocket.OPEN && this.state.get().connected) return Promise.resolve(true);
    if (this.#opening) return this.#opening;
    if (this.#retryTimer !== undefined) {
      clearTimeout(this.#retryTimer);
      this.#retryTimer = undefined;
    }
    this.#opening = fetchSession().then(() => this.#connect());
    return this.#opening;
  }

  #connect(): Promise<boolean> {
    return new Promise<boolean>((resolve) => {
      let ws: WebSocket;
      try {
        const url = new URL('ws', location.href.replace(/#.*$/, ''));
        url.protocol = url.protocol === 'https:' ? 'wss:' : 'ws:';
        ws = new WebSocket(url);
      } catch {
        this.#opening = undefined;
        resolve(false);
        return;
      }
      this.#ws = ws;
      let welcomed = false;
      ws.onopen = () => {
        markOnline();
        ws.send(JSON.stringify({ type: 'hello', v: 1 }));
      };
      ws.onmessage = (e) => {
        // a frame that is not one of the server's messages is dropped with its reason, never trusted as typed
        const parsed = parseServerMessage(String(e.data));
        if (!parsed.ok) {
          console.warn(`server frame dropped: ${parsed.reason}`);
          return;
        }
        const m: Message = parsed.value;
        if (m.type === 'welcome') {
          welcomed = true;
          this.#retry = 500;
          this.state.set({ ...this.state.get(), connected: true, everConnected: true, user: m.user });
          this.#opening = undefined;
          resolve(true);
          if (this.#lobbyWatchers > 0) this.send({ type: 'lobby.subscribe' });
          for (const f of this.#onOpen) f();
          return;
        }
        this.#handle(m);
      };
      ws.onclose = (e) => {
        if (!welcomed) resolve(false);
        // a logout from this browser needs no word about it; a ban, a closed account or a new password does
        if (e.code === 4003 && e.reason !== 'logged out') sessionEnd.set(e.reason);
        // a socket replaced by reconnect() has been dealt with there
        if (this.#ws !== ws) return;
        this.#ws = undefined;
        this.#opening = undefined;
        this.state.set({ ...this.state.get(), connected: false });
        for (const [, cb] of this.#pending) cb({ ok: false, code: 'unavailable', reason: 'connection closed' });
        this.#pending.clear();
        if (this.#lobbyWatchers > 0 || this.#onOpen.size > 0) {
          this.#retryTimer = setTimeout(() => {
            this.#retryTimer = undefined;
            void this.open();
          }, this.#retry);
          this.#retry = Math.min(this.#retry * 2, 8000);
        }
      };
    });
  }

  /** Closes the socket and opens a new one: after logging in or out, the socket's user changes. */
  async reconnect(): Promise<boolean> {
    const ws = this.#ws;
    this.#ws = undefined;
    this.#opening = undefined;
    for (const [, cb] of this.#pending) cb({ ok: false, code: 'unavailable', reason: 'reconnecting' });
    this.#pending.clear();
    this.state.set({ ...this.state.get(), connected: false });
    ws?.close();
    return this.open();
  }

  #handle(m: Message): void {
    const answer =
      m.type === 'ack' || m.type === 'error' || m.type === 'seek.created' || m.type === 'tournament.created';
    if (answer && m.id && this.#pending.has(m.id)) {
      const cb = this.#pending.get(m.id)!;
      this.#pending.delete(m.id);
      cb(
        m.type === 'error'
          ? { ok: false, code: m.code, reason: m.reason, seq: m.seq, refusal: m.refusal, values: m.values }
          : { ok: true, msg: m },
      );
    }
    const s = this.state.get();
    if (m.type === 'lobby') this.state.set({ ...s, seeks: m.seeks });
    if (m.type === 'seek.added') {
      // also the announcement of a seek whose seats changed: replace it in place
      const i = s.seeks.findIndex((k) => k.id === m.seek.id);
      const seeks = i < 0 ? [...s.seeks, m.seek] : s.seeks.map((k, j) => (j === i ? m.seek : k));
      this.state.set({ ...s, seeks });
    }
    if (m.type === 'seek.removed') {
      const listed = s.seeks.find((k) => k.id === m.seekId);
      // an expiry not in the list is this player's own, told on coming back (others' leave the list)
      const mine = m.reason === 'expired' && (!listed || listed.creator.id === s.user?.id);
      const expiredSeeks = mine ? [...s.expiredSeeks, m.seekId] : s.expiredSeeks;
      this.state.set({ ...s, seeks: s.seeks.filter((k) => k.id !== m.seekId), expiredSeeks });
    }
    heard(m);
  }

  send(m: Record<string, unknown>): void {
    if (this.#ws?.readyState === WebSocket.OPEN) this.#ws.send(JSON.stringify(m));
  }

  async request(m: Record<string, unknown>): Promise<Reply> {
    if (!(await this.open())) return { ok: false, code: 'offline', reason: 'the server cannot be reached' };
    const ws = this.#ws;
    if (ws?.readyState !== WebSocket.OPEN) return { ok: false, code: 'unavailable', reason: 'not connected' };
    const id = `r${this.#next++}`;
    return new Promise<Reply>((resolve) => {
      this.#pending.set(id, resolve);
      ws.send(JSON.stringify({ ...m, id }));
    });
  }

  /** Hears every message (wire.ts: listening does not open the socket). */
  listen(f: (m: Message) => void): () => void {
    return listen(f);
  }

  /** Runs `f` now if connected and after every (re)connection. */
  onOpen(f: () => void): () => void {
    this.#onOpen.add(f);
    if (this.state.get().connected) f();
    else void this.open();
    return () => this.#onOpen.delete(f);
  }

  subscribeLobby(): () => void {
    this.#lobbyWatchers++;
    void this.open().then((ok) => ok && this.#lobbyWatchers > 0 && this.send({ type: 'lobby.subscribe' }));
    return () => {
      this.#lobbyWatchers--;
      if (this.#lobbyWatchers === 0 && this.state.get().connected) this.send({ type: 'lobby.unsubscribe' });
    };
  }
}

export const connection = new Connection();

// the socket's welcome names the user too (a reconnection after a server restart, say)
connection.state.subscribe((c) => {
  if (c.user && c.user.id !== account.get().user?.id) account.set({ user: c.user, checked: true });
});

/** A new game as the create form describes it. */
export interface SeekSpec {
  readonly game: GameId;
  readonly options: Readonly<Record<string, string | boolean>>;
  readonly clock: ClockSpec;
  readonly rated: boolean;
  readonly private: boolean;
  readonly seats: readonly SeatPlan[];
}

export const lobby = {
  state: connection.state,
  subscribe: () => connection.subscribeLobby(),
  /** Creates a seek; resolves to its id (also the game's id once every seat is filled). */
  async createSeek(spec: SeekSpec): Promise<Outcome<string>> {
    const r = await connection.request({ type: 'seek.create', ...spec });
    if (!r.ok) return r;
    return r.msg.type === 'seek.created'
      ? { ok: true, value: r.msg.seek.id }
      : { ok: false, code: 'internal', reason: 'unexpected answer' };
  },
  async join(seekId: string, seat?: number): Promise<Outcome<void>> {
    const r = await connection.request({ type: 'seek.join', seekId, ...(seat === undefined ? {} : { seat }) });
    return r.ok ? { ok: true, value: undefined } : r;
  },
  async cancel(seekId: string): Promise<Outcome<void>> {
    const r = await connection.request({ type: 'seek.cancel', seekId });
    return r.ok ? { ok: true, value: undefined } : r;
  },
};
