import type { FastifyHelmetOptions } from '@fastify/helmet';

/**
 * The headers every answer carries: a Content-Security-Policy that the web app
 * meets as it is built (its own scripts, style sheets, service worker and AI
 * worker; no inline script anywhere), no framing by any other site (so no page
 * can lay the board under a hidden click on "resign"), no MIME sniffing, and no
 * referrer sent to other sites.
 */

/** The policy, directive by directive; the browser test of every route checks the app breaks none of them. */
export const CSP_DIRECTIVES = {
  'default-src': ["'self'"],
  'base-uri': ["'self'"],
  // scripts, the service worker and the AI's Web Worker are files of this site
  'script-src': ["'self'"],
  'script-src-attr': ["'none'"],
  'worker-src': ["'self'"],
  // The boards draw SVG with style elements and attributes of their own (a piece set's look, a hole's colour), so
  // inline styles are allowed: they run no code. Scripts stay strictly this site's files.
  'style-src': ["'self'", "'unsafe-inline'"],
  'img-src': ["'self'", 'data:'],
  'font-src': ["'self'", 'data:'],
  // 'self' covers this site's own ws:// and wss:// in browsers that follow CSP level 3
  'connect-src': ["'self'"],
  'manifest-src': ["'self'"],
  'object-src': ["'none'"],
  'form-action': ["'self'"],
  'frame-ancestors': ["'none'"],
} as const;

/** The options of `@fastify/helmet` that set them. */
export const SECURITY_HEADERS: FastifyHelmetOptions = {
  contentSecurityPolicy: {
    useDefaults: false,
    directives: Object.fromEntries(Object.entries(CSP_DIRECTIVES).map(([k, v]) => [k, [...v]])),
  },
  // the older header for browsers without frame-ancestors
  xFrameOptions: { action: 'deny' },
  referrerPolicy: { policy: 'same-origin' },
  // the board's pieces and the app are never loaded by other sites
  crossOriginResourcePolicy: { policy: 'same-origin' },
  // With both, the page is cross-origin isolated: it may share memory with its workers (SharedArrayBuffer), which the
  // analysis board's engine needs to search on several threads. Every file the app loads is the site's own, so
  // requiring the embedder policy blocks nothing; the workers' scripts carry it too, as a dedicated worker of an
  // isolated page must.
  crossOriginOpenerPolicy: { policy: 'same-origin' },
  crossOriginEmbedderPolicy: { policy: 'require-corp' },
};
