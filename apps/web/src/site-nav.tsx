import type { ComponentChildren } from 'preact';
import { useEffect, useLayoutEffect, useRef, useState } from 'preact/hooks';
import { t } from './i18n/index.js';
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
  // a layout effect, so the listeners are there as soon as the menu is open (an Escape right after the click counts)
  useLayoutEffect(() => {
    if (!open) return;
    const away = (e: Event) => {
      const at = e.target as Node;
      if (!menu.current?.contains(at) && !toggle.current?.contains(at)) setOpen(false);
    };
    // the page already shown has no new route to close the menu
    const chosen = (e: Event) => {
      if ((e.target as Element | null)?.closest?.('#site-nav a')) setOpen(false);
    };
    const key = (e: KeyboardEvent) => {
      if (e.key !== 'Escape') return;
      setOpen(false);
      toggle.current?.focus();
    };
    document.addEventListener('pointerdown', away);
    document.addEventListener('keydown', key);
    document.addEventListener('click', chosen);
    return () => {
      document.removeEventListener('pointerdown', away);
      document.removeEventListener('keydown', key);
      document.removeEventListener('click', chosen);
    };
  }, [open]);
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
          {t('puzzles.nav')}
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
