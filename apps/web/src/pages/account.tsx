import { useState } from 'preact/hooks';
import { t, tOr } from '../i18n/index.js';
import { type AccountResult, account, login, logout, register } from '../online/account.js';
import { EmailForm } from '../online/email-form.js';
import { displayName } from '../online/names.js';
import { navigate } from '../router.js';
import { useStore } from '../store.js';
import { AccountData } from './account-data.js';

const errorText = (code: string): string => tOr(`account.errors.${code}`, t('account.errors.unknown', { code }));

/** One credentials form: its fields, its error (translated from the server's code) and a busy state. */
const CredentialsForm = ({
  kind,
  submit,
}: {
  kind: 'login' | 'register';
  submit: (username: string, password: string) => Promise<AccountResult>;
}) => {
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [error, setError] = useState<string | undefined>();
  const [busy, setBusy] = useState(false);
  const id = (f: string) => `${kind}-${f}`;
  const onSubmit = async (e: Event) => {
    e.preventDefault();
    if (busy) return;
    if (kind === 'register' && password !== confirm) return setError(errorText('mismatch'));
    setBusy(true);
    setError(undefined);
    const r = await submit(username, password);
    setBusy(false);
    if (!r.ok) return setError(errorText(r.code));
    setPassword('');
    setConfirm('');
    navigate({ page: 'profile', name: r.user.name });
  };
  return (
    <form class="account-form" onSubmit={onSubmit} aria-labelledby={id('title')} data-testid={`${kind}-form`}>
      <h2 id={id('title')}>{kind === 'login' ? t('account.login') : t('account.register')}</h2>
      <label class="field" for={id('username')}>
        <span>{t('account.username')}</span>
        <input
          id={id('username')}
          name="username"
          autocomplete="username"
          required
          minLength={kind === 'register' ? 3 : 1}
          maxLength={kind === 'register' ? 20 : 40}
          pattern={kind === 'register' ? '[A-Za-z0-9][A-Za-z0-9_\\-]{2,19}' : undefined}
          aria-describedby={kind === 'register' ? id('username-hint') : undefined}
          value={username}
          onInput={(e) => setUsername((e.currentTarget as HTMLInputElement).value)}
        />
      </label>
      {kind === 'register' && (
        <small id={id('username-hint')} class="muted">
          {t('account.usernameHint')}
        </small>
      )}
      <label class="field" for={id('password')}>
        <span>{t('account.password')}</span>
        <input
          id={id('password')}
          name="password"
          type="password"
          autocomplete={kind === 'login' ? 'current-password' : 'new-password'}
          required
          minLength={kind === 'register' ? 8 : 1}
          maxLength={200}
          aria-describedby={kind === 'register' ? id('password-hint') : undefined}
          value={password}
          onInput={(e) => setPassword((e.currentTarget as HTMLInputElement).value)}
        />
      </label>
      {kind === 'register' && (
        <>
          <small id={id('password-hint')} class="muted">
            {t('account.passwordHint')}
          </small>
          <label class="field" for={id('confirm')}>
            <span>{t('account.confirm')}</span>
            <input
              id={id('confirm')}
              name="confirm"
              type="password"
              autocomplete="new-password"
              required
              maxLength={200}
              value={confirm}
              onInput={(e) => setConfirm((e.currentTarget as HTMLInputElement).value)}
            />
          </label>
        </>
      )}
      {error && (
        <p class="error" role="alert" data-testid={`${kind}-error`}>
          {error}
        </p>
      )}
      <button type="submit" class="primary" disabled={busy} data-testid={`${kind}-submit`}>
        {busy ? t('account.busy') : kind === 'login' ? t('account.login') : t('account.register')}
      </button>
    </form>
  );
};

/** Log in, create an account (a guest becomes it, keeping its games), log out. */
export const AccountPage = () => {
  const a = useStore(account);
  const user = a.user;
  return (
    <section class="account" aria-labelledby="account-title">
      <h1 id="account-title">{t('account.title')}</h1>
      {a.checked && !user && <p class="error">{t('account.offline')}</p>}
      {user && !user.guest && (
        <div class="account-me">
          <p data-testid="signed-in">{t('account.signedIn', { name: user.name })}</p>
          <p>
            <a href={`#/profile/${encodeURIComponent(user.name)}`}>{t('account.profile')}</a>
          </p>
          <button type="button" data-testid="logout" onClick={() => void logout()}>
            {t('account.logout')}
          </button>
        </div>
      )}
      {user && !user.guest && <EmailForm />}
      {user && !user.guest && <AccountData />}
      {user?.guest && <p class="muted">{t('email.guest')}</p>}
      {user?.guest && (
        <p class="muted" data-testid="guest-intro">
          {t('account.guestIntro', { name: displayName(user) })}
        </p>
      )}
      {user?.guest && (
        <div class="account-forms">
          <div>
            <CredentialsForm kind="register" submit={register} />
            <p class="muted">{t('account.registerKeeps')}</p>
          </div>
          <div>
            <CredentialsForm kind="login" submit={login} />
            <p>
              <a href="#/reset-password" data-testid="forgot-password">
                {t('mailLinks.forgot')}
              </a>
            </p>
            <p class="muted">{t('account.loginLeaves')}</p>
          </div>
        </div>
      )}
    </section>
  );
};
