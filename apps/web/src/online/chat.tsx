/** The online game's chat (everyone or the team) and its spectators. */
import { useEffect, useRef, useState } from 'preact/hooks';
import { t } from '../i18n/index.js';
import { useStore } from '../store.js';
import { BotTag } from './bot-tag.js';
import { displayName } from './names.js';
import { errorText } from './refusal-words.js';
import type { OnlineSession } from './session.js';

export const Chat = ({ session }: { session: OnlineSession }) => {
  const x = useStore(session.extra);
  const seated = useStore(session.state).mine.length > 0;
  const [text, setText] = useState('');
  const [error, setError] = useState<string | undefined>();
  const [channel, setChannel] = useState<'all' | 'team'>('all');
  const team = session.hasTeam();
  const list = useRef<HTMLUListElement>(null);
  useEffect(() => {
    const el = list.current;
    if (el) el.scrollTop = el.scrollHeight;
  }, [x.chat.length]);
  return (
    <section class="chat" aria-labelledby="chat-title">
      <h2 id="chat-title">{t('game.chat')}</h2>
      {seated && (
        <label class="chat-spectators">
          <input
            type="checkbox"
            data-testid="chat-spectators"
            checked={x.spectatorChat}
            onChange={(e) => {
              const on = (e.currentTarget as HTMLInputElement).checked;
              void session.setSpectatorChat(on).then((code) => setError(code ? errorText(code) : undefined));
            }}
          />{' '}
          {t('online.spectatorChatShow')}
        </label>
      )}
      {x.chat.length === 0 ? <p class="muted">{t('online.chatEmpty')}</p> : null}
      <ul aria-live="polite" ref={list} data-testid="chat-lines">
        {x.chat.map((c, i) => (
          <li key={`${c.at}-${i}`} class={c.team !== undefined ? 'chat-team' : undefined}>
            {c.team !== undefined && <small data-testid="chat-team-mark">[{t('online.chatTeamMark')}] </small>}
            <strong>{displayName(c.from)}</strong>
            <BotTag user={c.from} />
            {c.spectator && <small class="muted"> ({t('online.spectator')})</small>}: {c.text}
          </li>
        ))}
      </ul>
      {team && (
        <fieldset class="chat-channel">
          <legend class="sr-only">{t('online.chatChannel')}</legend>
          {(['all', 'team'] as const).map((c) => (
            <label key={c}>
              <input
                type="radio"
                name="chat-channel"
                data-testid={`chat-channel-${c}`}
                checked={channel === c}
                onChange={() => setChannel(c)}
              />
              {c === 'all' ? t('online.chatEveryone') : t('online.chatTeam')}
            </label>
          ))}
        </fieldset>
      )}
      <form
        onSubmit={(e) => {
          e.preventDefault();
          const line = text;
          setText('');
          void session.chat(line, team ? channel : 'all').then((code) => {
            if (code === 'not-found') setError(t('online.chatClosed'));
            else setError(code ? errorText(code) : undefined);
            if (code) setText(line);
          });
        }}
      >
        <label class="sr-only" for="chat-input">
          {t('game.chatPlaceholder')}
        </label>
        <input
          id="chat-input"
          data-testid="chat-input"
          value={text}
          maxLength={500}
          autocomplete="off"
          placeholder={t('game.chatPlaceholder')}
          onInput={(e) => setText((e.currentTarget as HTMLInputElement).value)}
        />
        <button type="submit" data-testid="chat-send">
          {t('game.send')}
        </button>
      </form>
      {error && <p class="error">{error}</p>}
    </section>
  );
};

export const Spectators = ({ session }: { session: OnlineSession }) => {
  const x = useStore(session.extra);
  if (x.spectators.count === 0) return null;
  return (
    <details class="spectators" data-testid="spectators">
      <summary>{t('online.spectators', { count: x.spectators.count })}</summary>
      <ul>
        {x.spectators.users.map((u) => (
          <li key={u.id}>
            {u.guest ? displayName(u) : <a href={`#/profile/${encodeURIComponent(u.name)}`}>{u.name}</a>}
          </li>
        ))}
      </ul>
    </details>
  );
};
