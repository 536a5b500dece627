import type { GameId } from '@qiyuan/core';
import { Store } from '../store.js';

/**
 * The WebSocket client of the wire protocol (docs/PROTOCOL.md): one socket at
 * `/ws`, `hello` → `welcome`, requests carry an `id` and get `ack` or `error`.
 * It reconnects with back-off and re-watches the games it follows, sending
 * the last `seq` it knows, so a reload or a dropped connection resumes.
 */

export interface Seek {
  readonly id: string;
  readonly game: GameId;
  readonly creator: string;
  readonly options: Readonly<Record<string, unknown>>;
}

export interface LobbyState {
  readonly connected: boolean;
  readonly user: { id: string; name: string } | undefined;
  readonly seeks: readonly Seek[];
}

type Message = { type: string; id?: string; [k: string]: unknown };
type Reply = { ok: true; msg: Message } | { ok: false; code: string; reason: string; seq?: number };

class Connection {
  readonly state = new Store<LobbyState>({ connected: false, user: undefined, seeks: [] });
  #ws: WebSocket | undefined;
  #next = 1;
  #pending = new Map<string, (r: Reply) => void>();
  #listeners = new Set<(m: Message) => void>();
  #onOpen = new Set<() => void>();
  #lobbyWatchers = 0;
  #retry = 500;
  #opening: Promise<boolean> | undefined;

  /** Opens the socket if needed; resolves false when the server cannot be reached. */
  open(): Promise<boolean> {
    if (this.#ws?.readyState === WebSocket.OPEN && this.state.get().connected) return Promise.resolve(true);
    if (this.#opening) return this.#opening;
    this.#opening = new Promise<boolean>((resolve) => {
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
      ws.onopen = () => ws.send(JSON.stringify({ type: 'hello', v: 1 }));
      ws.onmessage = (e) => {
        let m: Message;
        try {
          m = JSON.parse(String(e.data)) as Message;
        } catch {
          return;
        }
        if (m.type === 'welcome') {
          welcomed = true;
          this.#retry = 500;
          const u = m.user as { id: string; name: string };
          this.state.set({ ...this.state.get(), connected: true, user: u });
          this.#opening = undefined;
          resolve(true);
          if (this.#lobbyWatchers > 0) this.send({ type: 'lobby.subscribe' });
          for (const f of this.#onOpen) f();
          return;
        }
        this.#handle(m);
      };
      ws.onclose = () => {
        this.#ws = undefined;
        this.#opening = undefined;
        this.state.set({ ...this.state.get(), connected: false });
        for (const [, cb] of this.#pending) cb({ ok: false, code: 'unavailable', reason: 'connection closed' });
        this.#pending.clear();
        if (!welcomed) resolve(false);
        if (this.#lobbyWatchers > 0 || this.#onOpen.size > 0) {
          setTimeout(() => void this.open(), this.#retry);
          this.#retry = Math.min(this.#retry * 2, 8000);
        }
      };
    });
    return this.#opening;
  }

  #handle(m: Message): void {
    if ((m.type === 'ack' || m.type === 'error' || m.type === 'seek.created') && m.id && this.#pending.has(m.id)) {
      const cb = this.#pending.get(m.id)!;
      this.#pending.delete(m.id);
      cb(
        m.type === 'error'
          ? { ok: false, code: String(m.code), reason: String(m.reason), seq: m.seq as number | undefined }
          : { ok: true, msg: m },
      );
    }
    const s = this.state.get();
    if (m.type === 'lobby') this.state.set({ ...s, seeks: (m.seeks as RawSeek[]).map(toSeek) });
    if (m.type === 'seek.added') this.state.set({ ...s, seeks: [...s.seeks, toSeek(m.seek as RawSeek)] });
    if (m.type === 'seek.removed') this.state.set({ ...s, seeks: s.seeks.filter((k) => k.id !== m.seekId) });
    for (const l of this.#listeners) l(m);
  }

  send(m: Omit<Message, 'id'>): void {
    this.#ws?.send(JSON.stringify(m));
  }

  async request(m: Omit<Message, 'id'>): Promise<Reply> {
    if (!(await this.open())) return { ok: false, code: 'unavailable', reason: 'the server cannot be reached' };
    const id = `r${this.#next++}`;
    return new Promise<Reply>((resolve) => {
      this.#pending.set(id, resolve);
      this.#ws!.send(JSON.stringify({ ...m, id }));
    });
  }

  listen(f: (m: Message) => void): () => void {
    this.#listeners.add(f);
    return () => this.#listeners.delete(f);
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
    void this.open().then((ok) => ok && this.send({ type: 'lobby.subscribe' }));
    return () => {
      this.#lobbyWatchers--;
      if (this.#lobbyWatchers === 0 && this.state.get().connected) this.send({ type: 'lobby.unsubscribe' });
    };
  }
}

interface RawSeek {
  id: string;
  game: GameId;
  options: Record<string, unknown>;
  creator: { name: string };
}
const toSeek = (s: RawSeek): Seek => ({ id: s.id, game: s.game, options: s.options, creator: s.creator?.name ?? '?' });

export const connection = new Connection();

export const lobby = {
  state: connection.state,
  subscribe: () => connection.subscribeLobby(),
  /** Creates a seek with the creator in seat 0 and every other seat open; resolves to the seek id. */
  async createSeek(
    game: GameId,
    options: Record<string, string>,
    minutes: number,
    incrementSeconds: number,
    seats: number,
  ): Promise<{ ok: true; id: string } | { ok: false; reason: string }> {
    const clock =
      minutes > 0
        ? { kind: 'fischer', initialMs: minutes * 60_000, incrementMs: incrementSeconds * 1000 }
        : { kind: 'none' };
    const r = await connection.request({
      type: 'seek.create',
      game,
      options,
      clock,
      rated: false,
      private: false,
      seats: Array.from({ length: seats }, (_, i) => (i === 0 ? { kind: 'me' } : { kind: 'open' })),
    });
    if (!r.ok) return { ok: false, reason: r.reason };
    return { ok: true, id: (r.msg.seek as { id: string }).id };
  },
};
