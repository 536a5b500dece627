/** Beside an online game: report or block each other player of the game (accounts only). */
import { t } from '../i18n/index.js';
import { useStore } from '../store.js';
import { account } from './account.js';
import { ReportBlock } from './report-block.js';
import type { OnlineSession } from './session.js';

export const GamePlayersReport = ({ session }: { session: OnlineSession }) => {
  const x = useStore(session.extra);
  const me = useStore(account).user;
  if (!me || me.guest) return null;
  const others = [
    ...new Map(
      x.seats.flatMap((h) =>
        h.kind === 'user' && !h.user.guest && h.user.id !== me.id ? [[h.user.id, h.user.name]] : [],
      ),
    ).values(),
  ];
  if (others.length === 0) return null;
  return (
    <details class="game-report" data-testid="game-report">
      <summary>
        {t('moderation.report')} · {t('moderation.block')}
      </summary>
      {others.map((name) => (
        <div key={name}>
          <strong>{name}</strong>
          <ReportBlock name={name} gameId={session.gameId} />
        </div>
      ))}
    </details>
  );
};
