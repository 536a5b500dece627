import type { SeatHolder } from '@qiyuan/protocol';
import { t } from '../i18n/index.js';

/**
 * The BOT tag after a bot account's name, wherever a name is shown: people should know when a program plays (the
 * server marks bot accounts with `bot: true`).
 */
export const BotTag = ({ user }: { user: { readonly bot?: boolean } | undefined | null }) =>
  user?.bot ? (
    <span class="bot-tag" title={t('bots.tagTitle')} data-testid="bot-tag">
      {t('bots.tag')}
    </span>
  ) : null;

/** The tag of a seat's holder, when a bot account holds it. */
export const SeatBotTag = ({ holder }: { holder: SeatHolder | undefined }) =>
  holder?.kind === 'user' ? <BotTag user={holder.user as { bot?: boolean }} /> : null;
