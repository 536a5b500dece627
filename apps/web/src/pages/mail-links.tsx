import { useEffect, useState } from 'preact/hooks';
import { t, tOr } from '../i18n/index.js';
import { refreshAccount } from '../online/account.js';
import { connection } from '../online/client.js';

/**
 * The pages the links mailed to a player open: confirming an e-mail address, and resetting a forgotten password
 * (asking for the link, then choosing the new password). The token comes from the link; the server alone says
 * whether it is still good.
 */

const postJson = async (path: string, body: unknown): Promise<{ status: number; body: Record<string, unknown> }> => {
  try {
    const r = await fetch(path, {
      method: 'POST',
      credentials: 'same-origin',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    return { status: r.status, body: (await r.json().catch(() => ({}))) as Record<string, unknown> };
  } catch {
    return { status: 0, body: {} };
  }
};

const accountError = (code: string): string => tOr(`account.errors.${code}`, t('account.errors.unknown', { code }));

export const ConfirmEmailPage = ({ token }: { token?: string | undefined }) => {
  const [state, setState] = useState<{ kind: 'busy' } | { kind: 'done'; email: string } | { kind: 'bad' | 'offline' }>({
    kind: 'busy',
  });
  useEffect(() => {
    if (!token) return setState({ kind: 'bad' });
    void postJson('api/me/email/confirm', { token }).then((r) => {
      if (r.status === 200) setState({ kind: 'done', email: String(r.body.email) });
      else setState({ kind: r.status === 400 ? 'bad' : 'offline' });
    });
  }, [token]);
  return (
    <section class="account" aria-labelledby="confirm-title">
      <h1 id="confirm-title">{t('mailLinks.confirmTitle')}</h1>
      <p role="status" data-testid="confirm-state">
        {state.kind === 'busy'
          ? t('mailLinks.confirming')
          : state.kind === 'done'
            ? t('mailLinks.confirmDone', { email: state.email })
            : state.kind === 'bad'
              ? token
                ? t('mailLinks.confirmBad')
                : t('mailLinks.noToken')
              : t('account.errors.network')}
      </p>
    </section>
  );
};

/** Without a token: the form that asks for the link. With one: the form that sets the new password. */
export const ResetPasswordPage = ({ token }: { token?: string | undefined }) => (
  <section class="account" aria-labelledby="reset-title">
    <h1 id="reset-title">{t('mailLinks.resetTitle')}</h1>
    {token ? <NewPasswordForm token={token} /> : <AskLinkForm />}
  </section>
);

const AskLinkForm = () => {
  const [email, setEmail] = useState('');
  const [state, setState] = useState<'idle' | 'busy' | 'sent' | 'error'>('idle');
  const [error, setError] = useState('');
  const submit = async (e: Event) => {
    e.preventDefault();
    setState('busy');
    const r = await postJson('api/password/reset', { email: email.trim() });
    if (r.status === 200) return setState('sent');
    setError(accountError(r.status === 429 ? 'rate-limited' : r.status === 0 ? 'network' : 'unknown'));
    setState('error');
  };
  return (
    <form class="account-form" data-testid="reset-ask-form" onSubmit={(e) => void submit(e)}>
      <p class="muted">{t('mailLinks.resetAsk')}</p>
      <label class="field" for="reset-email">
        <span>{t('mailLinks.resetEmail')}</span>
        <input
          id="reset-email"
          name="email"
          type="email"
          autocomplete="email"
          required
          maxLength={254}
          value={email}
          onInput={(e) => setEmail((e.currentTarget as HTMLInputElement).value)}
        />
      </label>
      <button type="submit" class="primary" disabled={state === 'busy'} data-testid="reset-ask-submit">
        {t('mailLinks.resetSend')}
      </button>
      <p role="status" data-testid="reset-ask-state">
        {state === 'sent' ? t('mailLinks.resetSent') : ''}
      </p>
      {state === 'error' && (
        <p class="error" role="alert">
          {error}
        </p>
      )}
    </form>
  );
};

const NewPasswordForm = ({ token }: { token: string }) => {
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [state, setState] = useState<'idle' | 'busy' | 'done'>('idle');
  const [error, setError] = useState<string | undefined>();
  const submit = async (e: Event) => {
    e.preventDefault();
    if (password !== confirm) return setError(accountError('mismatch'));
    setState('busy');
    setError(undefined);
    const r = await postJson('api/password/reset/confirm', { token, password });
    if (r.status === 200) {
      setState('done');
      // every session of the account ended, this browser's too: it is a guest until it logs in again
      await refreshAccount(true);
      await connection.reconnect();
      return;
    }
    setState('idle');
    const code = String(r.body.code ?? '');
    setError(
      code === 'bad-token'
        ? t('mailLinks.resetBad')
        : accountError(r.status === 0 ? 'network' : r.status === 429 ? 'rate-limited' : code),
    );
  };
  if (state === 'done')
    return (
      <div>
        <p role="status" data-testid="reset-done">
          {t('mailLinks.resetDone')}
        </p>
        <a href="#/account" data-testid="reset-login">
          {t('mailLinks.login')}
        </a>
      </div>
    );
  return (
    <form class="account-form" data-testid="reset-form" onSubmit={(e) => void submit(e)}>
      <label class="field" for="reset-password">
        <span>{t('mailLinks.resetNew')}</span>
        <input
          id="reset-password"
          name="password"
          type="password"
          autocomplete="new-password"
          required
          minLength={8}
          maxLength={200}
          aria-describedby="reset-password-hint"
          value={password}
          onInput={(e) => setPassword((e.currentTarget as HTMLInputElement).value)}
        />
      </label>
      <small id="reset-password-hint" class="muted">
        {t('account.passwordHint')}
      </small>
      <label class="field" for="reset-confirm">
        <span>{t('account.confirm')}</span>
        <input
          id="reset-confirm"
          name="confirm"
          type="password"
          autocomplete="new-password"
          required
          maxLength={200}
          value={confirm}
          onInput={(e) => setConfirm((e.currentTarget as HTMLInputElement).value)}
        />
      </label>
      {error && (
        <p class="error" role="alert" data-testid="reset-error">
          {error}
        </p>
      )}
      <button type="submit" class="primary" disabled={state === 'busy'} data-testid="reset-submit">
        {t('mailLinks.resetSave')}
      </button>
    </form>
  );
};
