/**
 * Which pages may open a WebSocket here. A browser sends the player's cookie
 * with every socket, whatever page opens it; without this check a page of any
 * other site could open one and act as that player. A browser always names the
 * page's origin in the handshake, so a socket is accepted when it comes from
 * this site's own address (the Host the request was made to, or the proxy's
 * X-Forwarded-Host when the proxy is trusted), from an origin the deployment
 * lists, or from no browser at all (no Origin header: a program, which holds
 * no player's cookie unless it was given one).
 */

/** An origin as browsers write it: `scheme://host[:port]`, lower case, no path. */
const ORIGIN = /^https?:\/\/[a-z0-9.-]+(:\d{1,5})?$|^https?:\/\/\[[0-9a-f:.]+\](:\d{1,5})?$/;

/**
 * Parses the deployment's list of other allowed origins (comma- or space-separated, e.g.
 * `https://qiyuan.example,https://www.qiyuan.example`); a malformed entry is an error naming it.
 */
export const parseOrigins = (
  list: string | readonly string[] | undefined,
): { ok: true; value: string[] } | { ok: false; reason: string } => {
  const items = typeof list === 'string' ? list.split(/[\s,]+/) : [...(list ?? [])];
  const value: string[] = [];
  for (const raw of items) {
    const o = raw.trim().toLowerCase().replace(/\/$/, '');
    if (o === '') continue;
    if (!ORIGIN.test(o)) {
      return { ok: false, reason: `"${raw}" is not an origin: write it as https://host or https://host:port` };
    }
    value.push(o);
  }
  return { ok: true, value };
};

/** Whether a socket whose handshake names `origin` may be opened on a request made to `host`. */
export const originAllowed = (origin: string | undefined, host: string, allowed: readonly string[]): boolean => {
  if (origin === undefined) return true;
  const o = origin.toLowerCase();
  if (allowed.includes(o)) return true;
  let url: URL;
  try {
    url = new URL(o);
  } catch {
    // `null` (a sandboxed frame, a file) and anything unreadable
    return false;
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return false;
  return url.host === host.toLowerCase();
};
