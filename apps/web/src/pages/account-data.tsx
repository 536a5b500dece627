/** On the account page: download one's data, and close the account (with the password, after a confirmation). */
import { useState } from 'preact/hooks';
import { t } from '../i18n/index.js';
import { refreshAccount } from '../online/account.js';
import { connection } from '../online/client.js';
import { send } from '../online/moderation-api.js';

export const AccountData = () => {
  const [password, setPassword] = useState('');
  const [note, setNote] = useState<{ error: boolean; text: string } | undefined>();
  const close = async (e: Event) => {
    e.preventDefault();
    if (!window.confirm(t('yourData.confirm'))) return;
    const r = await send('POST', 'api/me/close', { password });
    setPassword('');
    if (!r.ok) {
      return setNote({
        error: true,
        text: r.code === 'bad-password' ? t('yourData.wrongPassword') : t('moderation.failed', { code: r.code }),
      });
    }
    setNote({ error: false, text: t('yourData.closed') });
    await refreshAccount(true);
    await connection.reconnect();
  };
  return (
    <section class="account-data" aria-labelledby="your-data">
      <h2 id="your-data">{t('yourData.title')}</h2>
      <p class="muted">{t('yourData.exportHelp')}</p>
      <p>
        <a href="api/me/export" download data-testid="export-data">
          {t('yourData.export')}
        </a>
      </p>
      <h3>{t('yourData.closeTitle')}</h3>
      <p class="muted">{t('yourData.closeHelp')}</p>
      <form class="account-form" onSubmit={(e) => void close(e)} data-testid="close-form">
        <label class="field" for="close-password">
          <span>{t('yourData.password')}</span>
          <input
            id="close-password"
            type="password"
            autocomplete="current-password"
            required
            data-testid="close-password"
            value={password}
            onInput={(e) => setPassword((e.currentTarget as HTMLInputElement).value)}
          />
        </label>
        <button type="submit" class="danger" data-testid="close-account">
          {t('yourData.close')}
        </button>
      </form>
      {note && (
        <p class={note.error ? 'error' : 'note'} role={note.error ? 'alert' : 'status'} data-testid="close-note">
          {note.text}
        </p>
      )}
    </section>
  );
};
