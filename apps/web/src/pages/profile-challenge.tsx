import { GAME_IDS, type GameId } from '@qiyuan/core';
import type { ChallengeInfo } from '@qiyuan/protocol';
import { useState } from 'preact/hooks';
import { t } from '../i18n/index.js';
import { account } from '../online/account.js';
import { SentChallenge } from '../online/challenges.js';
import { useStore } from '../store.js';
import { CreateForm } from './create-form.js';
import { GameSelect } from './game-select.js';

/**
 * "Challenge" on a player's profile: the new-game form (game, options, clock, rated) sent to this player as a
 * challenge, then the challenge waiting for its answer. Only a logged-in member may challenge, and not themselves.
 */
export const ProfileChallenge = ({ name }: { name: string }) => {
  const me = useStore(account).user;
  const [open, setOpen] = useState(false);
  const [game, setGame] = useState<GameId>(GAME_IDS[0]);
  const [sent, setSent] = useState<ChallengeInfo | undefined>();
  const [note, setNote] = useState<string | undefined>();
  if (!me || me.guest || me.name.toLowerCase() === name.toLowerCase()) return null;
  if (sent)
    return (
      <SentChallenge
        challenge={sent}
        onDone={(n) => {
          setSent(undefined);
          setNote(n);
        }}
      />
    );
  return (
    <section class="profile-challenge" aria-label={t('bots.challengeTitle', { name })}>
      {note && (
        <p class="note" role="status" data-testid="challenge-note">
          {note}
        </p>
      )}
      {!open ? (
        <button type="button" class="primary" data-testid="challenge" onClick={() => setOpen(true)}>
          {t('bots.challenge')}
        </button>
      ) : (
        <>
          <h2>{t('bots.challengeTitle', { name })}</h2>
          <label for="challenge-game">
            <span>{t('bots.game')}</span>
            <GameSelect id="challenge-game" value={game} onChange={setGame} />
          </label>
          <CreateForm
            key={game}
            game={game}
            challenge={{
              name,
              onSent: (c) => {
                setNote(undefined);
                setOpen(false);
                setSent(c);
              },
            }}
          />
        </>
      )}
    </section>
  );
};
