import { useEffect, useRef, useState } from 'preact/hooks';
import { t } from './i18n/index.js';
import { useMenuDismiss } from './menu-dismiss.js';
import { account, logout, refreshAccount } from './online/account.js';
import { myRole, refreshRole } from './online/moderation-api.js';
import { displayName } from './online/names.js';
import { route } from './router.js';
import { useStore } from './store.js';

/**
 * Who this browser is on the server, in the header. A guest sees its name and the way in; an account opens a menu
 * (as lichess's header does) with its profile, its account settings and logging out, so no page has to be found to
 * leave. The menu closes on a choice, on Escape (focus back on its button), on a click elsewhere and on a new page.
 */
export const Who = () => {
  const a = useStore(account);
  const r = useStore(route);
  const [open, setOpen] = useState(false);
  const root = useRef<HTMLSpanElement>(null);
  const toggle = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    if (!a.checked) void refreshAccount();
  }, [a.checked]);
  useEffect(() => setOpen(false), [r]);
  const role = useStore(myRole);
  // a moderator's menu leads to the moderators' area
  useEffect(() => {
    if (a.user && !a.user.guest) void refreshRole();
    else myRole.set('none');
  }, [a.user?.id]);
  useMenuDismiss(open, () => setOpen(false), [root], '.account-menu-list a', toggle);
  if (!a.user) {
    return a.checked ? (
      <a class="who" href="#/account" data-testid="login-link">
        {t('account.login')}
      </a>
    ) : null;
  }
  const user = a.user;
  if (user.guest) {
    return (
      <span class="who" data-testid="who">
        <a href="#/account" data-testid="who-name">
          {displayName(user)}
        </a>
        <a href="#/account" class="who-action" data-testid="login-link">
          {t('account.login')}
        </a>
      </span>
    );
  }
  return (
    <span class="who account-menu" data-testid="who" ref={root}>
      <button
        type="button"
        ref={toggle}
        class="who-toggle"
        aria-expanded={open}
        aria-controls="account-menu"
        aria-label={t('nav.account', { name: displayName(user) })}
        data-testid="who-toggle"
        onClick={() => setOpen(!open)}
      >
        <span data-testid="who-name">{displayName(user)}</span> <span aria-hidden="true">▾</span>
      </button>
      {open && (
        <ul id="account-menu" class="account-menu-list" data-testid="account-menu">
          <li>
            <a
              href={`#/profile/${encodeURIComponent(user.name)}`}
              data-testid="menu-profile"
              onClick={() => setOpen(false)}
            >
              {t('nav.yourProfile')}
            </a>
          </li>
          <li>
            <a href="#/account" data-testid="menu-account">
              {t('nav.accountSettings')}
            </a>
          </li>
          {role === 'moderator' && (
            <li>
              <a href="#/mod" data-testid="menu-mod">
                {t('moderation.area')}
              </a>
            </li>
          )}
          <li>
            <button
              type="button"
              data-testid="menu-logout"
              onClick={() => {
                setOpen(false);
                void logout();
              }}
            >
              {t('nav.logout')}
            </button>
          </li>
        </ul>
      )}
    </span>
  );
};
