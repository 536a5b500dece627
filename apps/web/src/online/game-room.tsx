/**
 * The online game once its seats are filled: the board with the players, offers, spectators, a player's actions,
 * the end and the chat around it.
 */
import type { GameModule } from '../games/types.js';
import { t } from '../i18n/index.js';
import { BoardView } from '../pages/board-view.js';
import { GoneNotice } from '../pages/gone-notice.js';
import { SealedDeal } from '../pages/sealed-deal.js';
import { useStore } from '../store.js';
import { Chat, Spectators } from './chat.js';
import { connection } from './client.js';
import { Ended } from './ended.js';
import { GamePlayersReport } from './game-players-report.js';
import { clockText, speedText } from './names.js';
import { Actions, Offers } from './offers.js';
import { Players } from './players.js';
import { refusalText } from './refusal-words.js';
import type { OnlineSession } from './session.js';

export const GameView = ({ mod, session }: { mod: GameModule; session: OnlineSession }) => {
  const s = useStore(session.state);
  const x = useStore(session.extra);
  const conn = useStore(connection.state);
  const info = x.info;
  // nothing to draw (and no seat names) before the server's first frame
  if (!info || s.view === null) return <p aria-busy="true">{t('game.connecting')}</p>;
  return (
    <div class="online-game" data-testid="online-game">
      <h1 class="game-title">
        {t(`games.${mod.id}`)} · {t('modes.online')}
        {info && (
          <small class="muted">
            {' '}
            · {clockText(info.clock)} · {speedText(info.speed)} · {info.rated ? t('online.rated') : t('online.casual')}
          </small>
        )}
      </h1>
      {/* the server's word on the hidden deal, sealed before the first move; the replay checks it at the end. Shown
          only where something hidden may come from the server's seed (Hive's blind roster is the players' own choice,
          so a Hive game has nothing for a player to check). */}
      {info.commitment !== undefined && mod.hidden(info.options) && mod.dealtBySeed !== undefined && (
        <SealedDeal commitment={info.commitment} />
      )}
      {!conn.connected && (
        <p class="note" role="status" data-testid="reconnecting">
          {t('game.reconnecting')}
        </p>
      )}
      {session.ready && s.mine.length === 0 && <p class="muted">{t('game.spectating')}</p>}
      {x.error && (
        <p class="error" role="alert" data-testid="online-error">
          {refusalText(x.error)}
        </p>
      )}
      <BoardView
        mod={mod}
        session={session}
        hotseatHidden={false}
        you={s.mine.length === 1}
        extra={
          <>
            <Players session={session} mod={mod} />
            <Offers session={session} mod={mod} />
            <GoneNotice session={session} mod={mod} />
            <Spectators session={session} />
            <GamePlayersReport session={session} />
          </>
        }
        actions={
          <>
            <Actions session={session} mod={mod} />
            <Ended session={session} mod={mod} />
          </>
        }
        after={<Chat session={session} />}
      />
    </div>
  );
};
