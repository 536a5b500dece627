import type { PairingInfo, TournamentView } from '@qiyuan/protocol';
import { useEffect, useState } from 'preact/hooks';
import { t } from '../i18n/index.js';

/**
 * A player's own game on the tournament page. When a round pairs them, the page counts down a few seconds and takes
 * them to their game (lichess takes its players there at once; the count lets a player who wants to stay say so),
 * so that a timed game's first move is not lost while they read the standings.
 */

/** Seconds before the page opens a game that has just started. */
export const GO_TO_GAME_AFTER_S = 5;

/** Games this page has already opened, or that the player chose to stay away from: never counted down twice. */
const handled = new Set<string>();

/** The ids that stand for this player in the pairings: their own, and their team's in a team tournament. */
const idsOf = (v: TournamentView, userId: string): Set<string> => {
  const team = v.entrants.find((e) => e.user.id === userId)?.team;
  return new Set(team === undefined ? [userId] : [userId, `team:${team}`]);
};

/** Whether a pairing is this player's own (they sit in its game). */
export const isMine = (v: TournamentView, userId: string | undefined, p: PairingInfo): boolean => {
  if (userId === undefined) return false;
  const ids = idsOf(v, userId);
  return p.players.some((id) => ids.has(id));
};

/** The player's game being played now, if any. */
const playingNow = (v: TournamentView, userId: string): PairingInfo | undefined =>
  v.pairings.find((p) => p.state === 'playing' && p.gameId !== undefined && isMine(v, userId, p));

const open = (gameId: string) => {
  location.hash = `#/online/${encodeURIComponent(gameId)}`;
};

/** The banner of the player's game being played: a countdown to it the first time, then a link. */
export const MyGameBanner = ({ v, userId }: { v: TournamentView; userId: string }) => {
  const game = playingNow(v, userId);
  const gameId = game?.gameId;
  const [left, setLeft] = useState<number | undefined>();
  useEffect(() => {
    if (gameId === undefined || handled.has(gameId)) {
      setLeft(undefined);
      return;
    }
    setLeft(GO_TO_GAME_AFTER_S);
    const timer = setInterval(() => setLeft((n) => (n === undefined ? n : n - 1)), 1000);
    return () => clearInterval(timer);
  }, [gameId]);
  useEffect(() => {
    if (gameId !== undefined && left !== undefined && left <= 0 && !handled.has(gameId)) {
      handled.add(gameId);
      open(gameId);
    }
  }, [gameId, left]);
  if (gameId === undefined) return null;
  const counting = left !== undefined && !handled.has(gameId);
  return (
    <p class="notice my-game" role="status" data-testid="tournament-my-game">
      <strong>
        {counting ? t('tournaments.myGame.starting', { n: Math.max(left, 0) }) : t('tournaments.myGame.on')}
      </strong>{' '}
      <a
        href={`#/online/${encodeURIComponent(gameId)}`}
        class="button primary"
        data-testid="tournament-my-game-go"
        onClick={() => handled.add(gameId)}
      >
        {t('tournaments.play')}
      </a>{' '}
      {counting && (
        <button
          type="button"
          data-testid="tournament-my-game-stay"
          onClick={() => {
            handled.add(gameId);
            setLeft(undefined);
          }}
        >
          {t('tournaments.myGame.stay')}
        </button>
      )}
    </p>
  );
};
