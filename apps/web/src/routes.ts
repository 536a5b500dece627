import { GAME_IDS } from '@qiyuan/core';

/**
 * Hash routes, so that any static server (and a reload or a shared link)
 * reaches the right page: `#/`, `#/local/<id>`, `#/online/<id>`, `#/replay/<id>`
 * (a server game), `#/local/<id>/replay` (a game kept on this device),
 * `#/rules/<game>`, `#/profile` (mine), `#/profile/<name>`, `#/account`, `#/settings`, `#/analysis/<game>` (the
 * analysis board; a further part holds its position and tree, see apps/web/src/analysis/link.ts), `#/tournaments`,
 * `#/tournament/<id>`, `#/puzzles` (Hive's), `#/puzzles/<game>`, the moderators' `#/mod`, `#/mod/<name>`; `#/confirm-email?token=…` and
 * `#/reset-password[?token=…]`, the pages of the links mailed to a player.
 *
 * The addresses alone, without the app's store (router.ts), so that the first page's loads (route-start.ts) start
 * from a chunk without Preact.
 */
export type Route =
  | { readonly page: 'home' }
  | { readonly page: 'local'; readonly id: string }
  | { readonly page: 'online'; readonly id: string }
  | { readonly page: 'replay'; readonly id: string; readonly device?: boolean }
  | { readonly page: 'rules'; readonly game?: string }
  | { readonly page: 'profile'; readonly name?: string }
  | { readonly page: 'account' }
  | { readonly page: 'settings' }
  | { readonly page: 'analysis'; readonly game?: string; readonly state?: string }
  | { readonly page: 'tournaments' }
  | { readonly page: 'puzzles'; readonly game?: string }
  | { readonly page: 'tournament'; readonly id: string }
  // the pages the links mailed to a player open (`?token=…` after the page's name)
  | { readonly page: 'confirm-email'; readonly token?: string }
  | { readonly page: 'reset-password'; readonly token?: string }
  | { readonly page: 'mod'; readonly name?: string };

export const parseRoute = (hash: string): Route => {
  const [path = '', query = ''] = hash.replace(/^#\/?/, '').split('?');
  const parts = path.split('/').filter(Boolean).map(decodeURIComponent);
  const [head, arg, tail] = parts;
  switch (head) {
    case 'confirm-email':
    case 'reset-password': {
      const token = new URLSearchParams(query).get('token');
      return token ? { page: head, token } : { page: head };
    }
    case 'local':
      if (arg && tail === 'replay') return { page: 'replay', id: arg, device: true };
      return arg ? { page: head, id: arg } : { page: 'home' };
    case 'online':
    case 'replay':
      return arg ? { page: head, id: arg } : { page: 'home' };
    case 'rules':
      return arg ? { page: 'rules', game: arg } : { page: 'rules' };
    case 'profile':
      return arg ? { page: 'profile', name: arg } : { page: 'profile' };
    case 'account':
    case 'settings':
      return { page: head };
    case 'tournaments':
      return { page: 'tournaments' };
    case 'puzzles':
      return arg ? { page: 'puzzles', game: arg } : { page: 'puzzles' };
    case 'tournament':
      return arg ? { page: 'tournament', id: arg } : { page: 'tournaments' };
    case 'analysis':
      return { page: 'analysis', ...(arg ? { game: arg } : {}), ...(tail ? { state: tail } : {}) };
    case 'mod':
      return arg ? { page: 'mod', name: arg } : { page: 'mod' };
    default:
      return { page: 'home' };
  }
};

/** The route the address shows now (the home page where there is no address: a test's Node, say). */
export const addressRoute = (): Route => parseRoute(typeof location === 'undefined' ? '' : location.hash);

export const routeHref = (r: Route): string => {
  switch (r.page) {
    case 'home':
      return '#/';
    case 'replay':
      return r.device ? `#/local/${encodeURIComponent(r.id)}/replay` : `#/replay/${encodeURIComponent(r.id)}`;
    case 'local':
    case 'online':
    case 'tournament':
      return `#/${r.page}/${encodeURIComponent(r.id)}`;
    case 'rules':
      return r.game ? `#/rules/${r.game}` : '#/rules';
    case 'profile':
      return r.name ? `#/profile/${encodeURIComponent(r.name)}` : '#/profile';
    case 'mod':
      return r.name ? `#/mod/${encodeURIComponent(r.name)}` : '#/mod';
    case 'puzzles':
      return r.game ? `#/puzzles/${encodeURIComponent(r.game)}` : '#/puzzles';
    case 'analysis':
      return `#/analysis/${r.game ?? GAME_IDS[0]}${r.state ? `/${encodeURIComponent(r.state)}` : ''}`;
    case 'confirm-email':
    case 'reset-password':
      return r.token ? `#/${r.page}?token=${encodeURIComponent(r.token)}` : `#/${r.page}`;
    default:
      return `#/${r.page}`;
  }
};
