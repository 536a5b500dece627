import { useEffect, useState } from 'preact/hooks';
import { t } from '../i18n/index.js';
import { getJson } from './client.js';

/**
 * The address correspondence notices are mailed to (issue #23): shown and changed in account settings. The server
 * checks it again and says why it refuses one; the page shows that in the player's language.
 */
export const EmailForm = () => {
  const [email, setEmail] = useState('');
  const [mailing, setMailing] = useState<boolean | undefined>(undefined);
  const [state, setState] = useState<'idle' | 'busy' | 'saved' | 'bad' | 'offline'>('idle');
  useEffect(() => {
    void getJson<{ email: string | null; mailing: boolean }>('api/me/email').then((r) => {
      if (!r.ok) return setState('offline');
      setEmail(r.value.email ?? '');
      setMailing(r.value.mailing);
    });
  }, []);
  const save = async (e: Event) => {
    e.preventDefault();
    setState('busy');
    const text = email.trim();
    try {
      const r = await fetch('api/me/email', {
        method: 'PUT',
        credentials: 'same-origin',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email: text === '' ? null : text }),
      });
      setState(r.ok ? 'saved' : r.status === 400 ? 'bad' : 'offline');
    } catch {
      setState('offline');
    }
  };
  return (
    <form class="email-form" data-testid="email-form" onSubmit={(e) => void save(e)}>
      <h2>{t('email.title')}</h2>
      <label for="email">
        <span>{t('email.label')}</span>
        <input
          id="email"
          name="email"
          type="email"
          autocomplete="email"
          maxLength={254}
          // until the stored address has arrived, so it cannot overwrite what the player types
          disabled={mailing === undefined}
          value={email}
          onInput={(e) => {
            setEmail((e.currentTarget as HTMLInputElement).value);
            setState('idle');
          }}
        />
      </label>
      <p class="muted">{t('email.hint')}</p>
      {mailing === false && <p class="muted">{t('email.off')}</p>}
      <button type="submit" data-testid="email-save" disabled={state === 'busy' || mailing === undefined}>
        {t('email.save')}
      </button>{' '}
      <span role="status" data-testid="email-state">
        {state === 'saved' ? t('email.saved') : ''}
      </span>
      {state === 'bad' && (
        <p class="error" role="alert">
          {t('email.bad')}
        </p>
      )}
      {state === 'offline' && (
        <p class="error" role="alert">
          {t('account.errors.network')}
        </p>
      )}
    </form>
  );
};
