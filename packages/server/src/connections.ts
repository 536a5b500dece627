/**
 * How many WebSockets one address may hold open at once. A household or a
 * school behind one address plays with a few dozen at most (one a tab); a
 * script that opens thousands from one address to exhaust the server's memory
 * is refused past the cap, each refused socket told why.
 */
export class SocketAllowance {
  private readonly open = new Map<string, number>();

  constructor(readonly perAddress: number) {}

  /** Takes a place for a socket from `address`; false (and nothing taken) when its places are all taken. */
  take(address: string): boolean {
    const n = this.open.get(address) ?? 0;
    if (n >= this.perAddress) return false;
    this.open.set(address, n + 1);
    return true;
  }

  /** Gives back the place of a socket that closed. */
  release(address: string): void {
    const n = this.open.get(address) ?? 0;
    if (n <= 1) this.open.delete(address);
    else this.open.set(address, n - 1);
  }

  /** Sockets open from `address` now. */
  count(address: string): number {
    return this.open.get(address) ?? 0;
  }
}

/**
 * Whether `address` is this machine's. Without a trusted proxy every player behind a proxy on this machine comes
 * from loopback, so such sockets are not capped (the cap would refuse the 51st player); a proxy elsewhere must be
 * declared trusted for the cap to see players' addresses (docs/DEPLOY.md).
 */
export const isLoopback = (address: string): boolean =>
  address === '::1' || address.startsWith('127.') || address.startsWith('::ffff:127.');

/** WebSocket close codes of the connection's edge (see docs/PROTOCOL.md). */
export const CLOSE = {
  /** the socket said nothing (no `hello`) within the allowed time */
  noHello: 4001,
  /** this address already holds as many sockets as it may */
  tooManySockets: 4002,
  /** the session the socket spoke for ended (logout, a new password, a ban, the account closed) */
  sessionEnded: 4003,
} as const;
