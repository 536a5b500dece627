import net from 'node:net';

/**
 * Which reverse proxies the server believes about a request's address, scheme and host (X-Forwarded-For, -Proto,
 * -Host): a comma-separated list of addresses, CIDR ranges (`10.0.0.0/8`) and the names `loopback`, `linklocal`,
 * `uniquelocal`. Checked before the server starts, so a mistake is named instead of failing deep inside.
 */
const NAMES = new Set(['loopback', 'linklocal', 'uniquelocal']);

export const parseTrustProxy = (
  list: string | undefined,
): { ok: true; value: string | undefined } | { ok: false; reason: string } => {
  if (list === undefined || list.trim() === '') return { ok: true, value: undefined };
  const items = list
    .split(',')
    .map((x) => x.trim())
    .filter(Boolean);
  for (const item of items) {
    if (NAMES.has(item)) continue;
    const [address, prefix, extra] = item.split('/');
    const family = net.isIP(address ?? '');
    const bits = family === 4 ? 32 : 128;
    const prefixOk = prefix === undefined || (/^\d{1,3}$/.test(prefix) && Number(prefix) <= bits);
    if (family === 0 || !prefixOk || extra !== undefined) {
      return {
        ok: false,
        reason: `"${item}" is not an address, a CIDR range (10.0.0.0/8) or one of loopback, linklocal, uniquelocal`,
      };
    }
  }
  return { ok: true, value: items.join(',') };
};
