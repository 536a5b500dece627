/**
 * SHA-256 (FIPS 180-4), the hash of the secret seeds' streams (secret-stream.ts). Written here rather than taken from
 * a hashing library because every game page of the web app runs it: the library's general machinery (the
 * Merkle–Damgård base class, streaming updates, its input checks) was about 2 KB of gzip on each of those pages, for
 * the few short inputs the streams hash at once. Checked against Node's `crypto` in sha256.test.ts.
 */

/** The first 32 bits of the fractional parts of `root` of the first `count` primes: the standard's constants. */
const fractions = (count: number, root: (x: number) => number): Uint32Array => {
  const primes: number[] = [];
  for (let n = 2; primes.length < count; n++) if (primes.every((p) => n % p !== 0)) primes.push(n);
  return Uint32Array.from(primes, (p) => ((root(p) % 1) * 2 ** 32) >>> 0);
};

// computed rather than listed (the primes' roots are their definition); marked pure so that a bundle which never
// hashes does not run this when it loads the module with the rest of @qiyuan/core
/** The round constants: cube roots of the first 64 primes. */
const K = /* @__PURE__ */ fractions(64, Math.cbrt);
/** The initial hash: square roots of the first 8 primes. */
const H0 = /* @__PURE__ */ fractions(8, Math.sqrt);

const rotr = (x: number, n: number): number => (x >>> n) | (x << (32 - n));

/** The digest of `bytes` as eight 32-bit words, big-endian as the standard reads them. */
export const sha256Words = (bytes: Uint8Array): Uint32Array => {
  // the message, a 1 bit, zeros, and its length in bits as 64 bits: a whole number of 64-byte blocks
  const blocks = Math.ceil((bytes.length + 9) / 64);
  const padded = new Uint8Array(blocks * 64);
  padded.set(bytes);
  padded[bytes.length] = 0x80;
  const view = new DataView(padded.buffer);
  view.setUint32(padded.length - 8, Math.floor(bytes.length / 2 ** 29));
  view.setUint32(padded.length - 4, (bytes.length << 3) >>> 0);
  const h = H0.slice();
  const w = new Uint32Array(64);
  for (let b = 0; b < padded.length; b += 64) {
    for (let t = 0; t < 16; t++) w[t] = view.getUint32(b + t * 4);
    for (let t = 16; t < 64; t++) {
      const x = w[t - 15] as number;
      const y = w[t - 2] as number;
      const s0 = rotr(x, 7) ^ rotr(x, 18) ^ (x >>> 3);
      const s1 = rotr(y, 17) ^ rotr(y, 19) ^ (y >>> 10);
      w[t] = ((w[t - 16] as number) + s0 + (w[t - 7] as number) + s1) | 0;
    }
    let [a, b1, c, d, e, f, g, h1] = h as unknown as [number, number, number, number, number, number, number, number];
    for (let t = 0; t < 64; t++) {
      const ch = (e & f) ^ (~e & g);
      const maj = (a & b1) ^ (a & c) ^ (b1 & c);
      const t1 = (h1 + (rotr(e, 6) ^ rotr(e, 11) ^ rotr(e, 25)) + ch + (K[t] as number) + (w[t] as number)) | 0;
      const t2 = ((rotr(a, 2) ^ rotr(a, 13) ^ rotr(a, 22)) + maj) | 0;
      h1 = g;
      g = f;
      f = e;
      e = (d + t1) | 0;
      d = c;
      c = b1;
      b1 = a;
      a = (t1 + t2) | 0;
    }
    [a, b1, c, d, e, f, g, h1].forEach((x, i) => {
      h[i] = ((h[i] as number) + x) >>> 0;
    });
  }
  return h;
};
