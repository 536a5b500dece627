import { useEffect, useState } from 'preact/hooks';
import { t } from '../i18n/index.js';
import { getJson } from './wire.js';

/**
 * The address correspondence notices are mailed to: shown and changed in account settings, with whether it is
 * confirmed (a new address is mailed a link first, and nothing else until it is followed) and a way to mail it again. The server
 * checks it again and says why it refuses one; the page shows that in the player's language.
 */
export const EmailForm = () => {
  const [email, setEmail] = useState('');
  const [mailing, setMailing] = useState<boolean | undefined>(undefined);
  // the stored address and whether its owner followed the link mailed to it (nothing else is mailed before)
  const [stored, setStored] = useState<{ email: string | null; confirmed: boolean }>({ email: null, confirmed: false });
  const [state, setState] = useState<'idle' | 'busy' | 'saved' | 'bad' | 'offline'>('idle');
  const [resent, setResent] = useState<'idle' | 'sent' | 'limit' | 'offline'>('idle');
  useEffect(() => {
    void getJson<{ email: string | null; confirmed: boolean; mailing: boolean }>('api/me/email').then((r) => {
      if (!r.ok) return setState('offline');
      setEmail(r.value.email ?? '');
      setStored({ email: r.value.email, confirmed: r.value.confirmed });
      setMailing(r.value.mailing);
    });
  }, []);
  const resend = async () => {
    try {
      const r = await fetch('api/me/email/resend', { method: 'POST', credentials: 'same-origin' });
      setResent(r.ok ? 'sent' : r.status === 429 ? 'limit' : 'offline');
    } catch {
      setResent('offline');
    }
  };
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
      if (r.ok) {
        const body = (await r.json()) as { email: string | null; confirmed: boolean };
        setStored({ email: body.email, confirmed: body.confirmed });
        setResent('idle');
      }
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
      {stored.email !== null && mailing && (
        <p data-testid="email-confirmed" class={stored.confirmed ? 'muted' : undefined}>
          {stored.confirmed ? t('mailLinks.confirmed') : t('mailLinks.unconfirmed')}
        </p>
      )}
      {stored.email !== null && !stored.confirmed && mailing && (
        <p>
          <button type="button" data-testid="email-resend" onClick={() => void resend()}>
            {t('mailLinks.resend')}
          </button>{' '}
          <span role="status" data-testid="email-resent">
            {resent === 'sent' ? t('mailLinks.resent') : resent === 'limit' ? t('mailLinks.limit') : ''}
          </span>
        </p>
      )}
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
