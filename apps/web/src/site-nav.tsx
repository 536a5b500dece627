import type { ComponentChildren } from 'preact';
import { useEffect, useRef, useState } from 'preact/hooks';
import { t } from './i18n/index.js';
import { useMenuDismiss } from './menu-dismiss.js';
import { type Route, route, routeHref } from './router.js';
import { useStore } from './store.js';

const NavLink = ({ to, current, children }: { to: Route; current: Route; children: ComponentChildren }) => (
  <a href={routeHref(to)} aria-current={to.page === current.page ? 'page' : undefined}>
    {children}
  </a>
);

/**
 * The site's pages in the header. On a wide screen they stand in a row; on a phone (the style sheet decides) they
 * fold behind a menu button, as big sites do, so the header keeps to one row and nothing scrolls sideways in any
 * language. The open menu closes on a choice, on a new page, on Escape (focus back on its button) and on a click
 * elsewhere.
 */
export const SiteNav = () => {
  const r = useStore(route);
  const [open, setOpen] = useState(false);
  const toggle = useRef<HTMLButtonElement>(null);
  const menu = useRef<HTMLElement>(null);
  useEffect(() => setOpen(false), [r]);
  useMenuDismiss(open, () => setOpen(false), [menu, toggle], '#site-nav a', toggle);
  return (
    <>
      <button
        type="button"
        ref={toggle}
        class="menu-toggle"
        aria-expanded={open}
        aria-controls="site-nav"
        aria-label={t('nav.menu')}
        title={t('nav.menu')}
        data-testid="menu-toggle"
        onClick={() => setOpen(!open)}
      >
        <span aria-hidden="true">☰</span>
      </button>
      <nav id="site-nav" ref={menu} class={open ? 'open' : undefined} aria-label={t('nav.menu')}>
        <NavLink to={{ page: 'home' }} current={r}>
          {t('nav.home')}
        </NavLink>
        <NavLink to={{ page: 'rules' }} current={r}>
          {t('nav.rules')}
        </NavLink>
        <NavLink to={{ page: 'tournaments' }} current={r.page === 'tournament' ? { page: 'tournaments' } : r}>
          {t('tournaments.nav')}
        </NavLink>
        <NavLink to={{ page: 'analysis' }} current={r}>
          {t('nav.analysis')}
        </NavLink>
        <NavLink to={{ page: 'puzzles' }} current={r}>
          {t('nav.puzzles')}
        </NavLink>
        <NavLink to={{ page: 'profile' }} current={r}>
          {t('nav.profile')}
        </NavLink>
        <NavLink to={{ page: 'settings' }} current={r}>
          {t('nav.settings')}
        </NavLink>
      </nav>
    </>
  );
};
