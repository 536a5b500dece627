import { VACATION_DAYS } from '@qiyuan/protocol';
import { t } from '../i18n/index.js';
import { useStore } from '../store.js';
import type { OnlineSession } from './session.js';
import { timeLeftText } from './turns.js';

/**
 * A correspondence player's vacation (issue #23): switched on and off from the game's page; while it is on the
 * player's clock does not run, up to `VACATION_DAYS` days in the game. The page shows what is left of it.
 */
export const VacationButton = ({ session }: { session: OnlineSession }) => {
  const x = useStore(session.extra);
  const s = useStore(session.state);
  const vacation = x.clock?.vacation;
  const seat = s.mine[0];
  if (!vacation || seat === undefined) return null;
  const on = vacation.on.includes(seat);
  const left = vacation.leftMs[seat] ?? 0;
  return (
    <span class="vacation">
      <button
        type="button"
        data-testid="vacation"
        aria-pressed={on}
        title={t('vacation.about', { days: VACATION_DAYS })}
        disabled={!on && left <= 0}
        onClick={() => session.vacation(!on)}
      >
        {on ? t('vacation.end') : t('vacation.start')}
      </button>{' '}
      <small class="muted" data-testid="vacation-left">
        {t('vacation.left', { time: timeLeftText(Date.now() + left, Date.now()) })}
      </small>
    </span>
  );
};
