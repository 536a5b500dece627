import { addressRoute, parseRoute, type Route, routeHref } from './routes.js';
import { Store } from './store.js';

export { parseRoute, type Route, routeHref } from './routes.js';

/** The page shown, followed from the address's hash. */
export const route = new Store<Route>(addressRoute());

if (typeof window !== 'undefined') {
  window.addEventListener('hashchange', () => {
    const before = routeHref(route.get());
    const next = parseRoute(location.hash);
    route.set(next);
    // a new page opens at its top, as a new document would: the browser keeps the old page's scroll on a hash
    // change, so a game started from the foot of a phone's form opened scrolled past its board
    if (routeHref(next) !== before) window.scrollTo(0, 0);
  });
}

export const navigate = (r: Route): void => {
  location.hash = routeHref(r);
};
