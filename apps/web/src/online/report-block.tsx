/** Report a player to the moderators, or block them: on a profile and beside a game's players. */
import { useEffect, useState } from 'preact/hooks';
import { t } from '../i18n/index.js';
import { useStore } from '../store.js';
import { account } from './account.js';
import { myBlocks, refreshBlocks, send } from './moderation-api.js';

const REASONS = ['cheat', 'abuse', 'boost', 'other'] as const;

const failure = (code: string) =>
  code === 'rate-limited' ? t('moderation.rateLimited') : t('moderation.failed', { code });

/** The report and block buttons for another account (nothing for a guest, or for oneself). */
export const ReportBlock = ({ name, gameId }: { name: string; gameId?: string }) => {
  const me = useStore(account).user;
  const blocks = useStore(myBlocks);
  const [open, setOpen] = useState(false);
  const [reason, setReason] = useState<(typeof REASONS)[number]>('abuse');
  const [text, setText] = useState('');
  const [note, setNote] = useState<{ error: boolean; text: string } | undefined>();
  const signedIn = me !== undefined && !me.guest;
  useEffect(() => {
    if (signedIn) void refreshBlocks();
  }, [me?.id]);
  if (!signedIn || me.name.toLowerCase() === name.toLowerCase()) return null;
  const blocked = blocks.has(name.toLowerCase());
  const id = `report-${name}`;
  const submit = async (e: Event) => {
    e.preventDefault();
    const r = await send('POST', 'api/reports', { user: name, reason, text, ...(gameId ? { gameId } : {}) });
    if (!r.ok) return setNote({ error: true, text: failure(r.code) });
    setOpen(false);
    setText('');
    setNote({ error: false, text: t('moderation.sent') });
  };
  const toggleBlock = async () => {
    const r = await send(blocked ? 'DELETE' : 'POST', `api/users/${encodeURIComponent(name)}/block`);
    if (!r.ok) return setNote({ error: true, text: failure(r.code) });
    await refreshBlocks();
    setNote(blocked ? undefined : { error: false, text: t('moderation.blocked', { name }) });
  };
  return (
    <div class="report-block" data-testid={`report-block-${name}`}>
      <button type="button" data-testid="report" aria-expanded={open} onClick={() => setOpen(!open)}>
        {t('moderation.report')}
      </button>{' '}
      <button type="button" data-testid={blocked ? 'unblock' : 'block'} onClick={() => void toggleBlock()}>
        {blocked ? t('moderation.unblock') : t('moderation.block')}
      </button>
      {open && (
        <form
          class="report-form"
          aria-labelledby={`${id}-title`}
          onSubmit={(e) => void submit(e)}
          data-testid="report-form"
        >
          <h3 id={`${id}-title`}>{t('moderation.reportTitle', { name })}</h3>
          <label class="field" for={`${id}-reason`}>
            <span>{t('moderation.reason')}</span>
            <select
              id={`${id}-reason`}
              data-testid="report-reason"
              value={reason}
              onChange={(e) => setReason((e.currentTarget as HTMLSelectElement).value as (typeof REASONS)[number])}
            >
              {REASONS.map((r) => (
                <option key={r} value={r}>
                  {t(`moderation.reasons.${r}`)}
                </option>
              ))}
            </select>
          </label>
          <label class="field" for={`${id}-text`}>
            <span>{t('moderation.details')}</span>
            <textarea
              id={`${id}-text`}
              data-testid="report-text"
              maxLength={2000}
              value={text}
              onInput={(e) => setText((e.currentTarget as HTMLTextAreaElement).value)}
            />
          </label>
          <button type="submit" class="primary" data-testid="report-send">
            {t('moderation.send')}
          </button>{' '}
          <button type="button" onClick={() => setOpen(false)}>
            {t('moderation.cancel')}
          </button>
        </form>
      )}
      {note && (
        <p class={note.error ? 'error' : 'note'} role={note.error ? 'alert' : 'status'} data-testid="report-block-note">
          {note.text}
        </p>
      )}
    </div>
  );
};
