import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import path from 'node:path';
import fastifyStatic, { type SetHeadersResponse } from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import type { Logger } from 'pino';

/**
 * The web app's built files. The build writes a brotli (`.br`) and a gzip (`.gz`) copy next to every file worth
 * compressing, so a request that accepts them gets the smaller copy without the server compressing anything per
 * request (brotli first, then gzip, else the plain file). Caching follows the file names: a file whose name carries
 * its content's hash never changes and is kept for a year; the page and the service worker are asked again on every
 * visit, so a new release reaches players at once; anything else is kept a little while.
 */

/**
 * Vite's output, `assets/<name>-<hash>.<ext>` (the hash 8 or more letters, digits, `_` or `-`), and the service
 * worker's runtime, `workbox-<hash>.js`.
 */
const HASHED = /^(assets\/.+-[A-Za-z0-9_-]{8,}\.[a-z0-9]+|workbox-[0-9a-f]{8,}\.js)$/;

/** Files a browser must ask about each time: the page, the service worker and the script that registers it. */
const ALWAYS_ASK = new Set(['index.html', 'sw.js', 'registerSW.js']);

/** Text files the build compresses; the answer for them depends on the request's Accept-Encoding. */
const COMPRESSIBLE = /\.(js|mjs|css|html|svg|json|webmanifest|txt|wasm)$/;

export const cacheControlFor = (file: string): string => {
  if (HASHED.test(file)) return 'public, max-age=31536000, immutable';
  if (ALWAYS_ASK.has(file)) return 'no-cache';
  return 'public, max-age=3600';
};

export const webFiles = async (
  app: FastifyInstance<Server, IncomingMessage, ServerResponse, Logger>,
  root: string,
): Promise<void> => {
  await app.register(fastifyStatic, {
    root,
    wildcard: false,
    preCompressed: true,
    // the compressed copies are reached only through their plain file's address
    globIgnore: ['**/*.br', '**/*.gz'],
    // set below, by file: `send`'s own default (max-age=0) would overwrite it
    cacheControl: false,
    setHeaders: (res: SetHeadersResponse, filePath: string) => {
      const file = path
        .relative(root, filePath)
        .split(path.sep)
        .join('/')
        .replace(/\.(br|gz)$/, '');
      res.setHeader('cache-control', cacheControlFor(file));
      if (COMPRESSIBLE.test(file)) res.setHeader('vary', 'Accept-Encoding');
    },
  });
};
