import { t } from '../i18n/index.js';

/**
 * The server's commitment to a game's hidden randomness, shown while the game is played: its first twelve hex
 * digits (enough to compare with what another player sees, or with the replay afterwards), the whole fingerprint
 * and what it means on request. The replay page checks it once the seed and salt are revealed (fair-deal.tsx).
 */
export const SealedDeal = ({ commitment }: { commitment: string }) => (
  <details class="sealed-deal muted" data-testid="sealed-deal">
    <summary title={t('sealed.tooltip')}>
      {t('sealed.line', { short: commitment.slice(0, 12) })} <span class="muted">({t('sealed.what')})</span>
    </summary>
    <p>{t('sealed.explain')}</p>
    <p>
      {t('sealed.full')} <code>{commitment}</code>
    </p>
  </details>
);
