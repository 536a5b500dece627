/** Says why the page stopped speaking for the account when the server ended its session (a ban, logout elsewhere). */
import { useEffect } from 'preact/hooks';
import { t } from '../i18n/index.js';
import { useStore } from '../store.js';
import { refreshAccount } from './account.js';
import { sessionEnd } from './wire.js';

const BANNED = 'your account was banned: ';

export const SessionEnded = () => {
  const reason = useStore(sessionEnd);
  // the cookie speaks for nobody now: the page becomes a guest's, as a reload would make it
  useEffect(() => {
    if (reason !== undefined) void refreshAccount(true);
  }, [reason]);
  if (reason === undefined) return null;
  const text = reason.startsWith(BANNED)
    ? t('yourData.bannedNotice', { reason: reason.slice(BANNED.length) })
    : reason === 'the account was closed'
      ? t('yourData.closed')
      : t('yourData.endedNotice');
  return (
    <p class="note" role="alert" data-testid="session-ended">
      {text}{' '}
      <button type="button" onClick={() => sessionEnd.set(undefined)}>
        ×
      </button>
    </p>
  );
};
