import { GAME_IDS, type GameId } from '@qiyuan/core';
import { useState } from 'preact/hooks';
import { t } from '../i18n/index.js';
import { connection } from '../online/client.js';
import { YourTurn } from '../online/turns.js';
import { useStore } from '../store.js';
import { CreateForm } from './create-form.js';
import { LiveGames, MyGames, Saved, Seeks } from './home-lists.js';

export const HomePage = () => {
  const [game, setGame] = useState<GameId>(GAME_IDS[0]);
  const conn = useStore(connection.state);
  return (
    <div class="home">
      <p class="tagline">{t('app.tagline')}</p>
      <section aria-labelledby="choose">
        <h1 id="choose">{t('home.title')}</h1>
        <div class="cards">
          {GAME_IDS.map((g) => (
            <button
              key={g}
              type="button"
              aria-pressed={g === game}
              class={`card game-${g}`}
              data-testid={`game-${g}`}
              onClick={() => setGame(g)}
            >
              <strong>{t(`games.${g}`)}</strong>
              <small>{t(`gameBlurb.${g}`)}</small>
            </button>
          ))}
        </div>
      </section>
      <section aria-labelledby="new">
        <h2 id="new">{t('home.newGameOf', { game: t(`games.${game}`) })}</h2>
        <CreateForm key={game} game={game} />
      </section>
      <section aria-labelledby="seeks">
        <h2 id="seeks">{t('lobby.open')}</h2>
        <Seeks />
      </section>
      {conn.everConnected && (
        <>
          <section aria-labelledby="turns">
            <h2 id="turns">{t('turns.title')}</h2>
            <YourTurn />
          </section>
          <section aria-labelledby="mine">
            <h2 id="mine">{t('lobby.mine')}</h2>
            <MyGames />
          </section>
          <section aria-labelledby="live">
            <h2 id="live">{t('lobby.live')}</h2>
            <LiveGames />
          </section>
          <section aria-labelledby="tournaments-home">
            <h2 id="tournaments-home">{t('tournaments.title')}</h2>
            <p>
              <a href="#/tournaments" data-testid="home-tournaments">
                {t('tournaments.homeLink')}
              </a>
            </p>
          </section>
        </>
      )}
      <section aria-labelledby="saved">
        <h2 id="saved">{t('home.saved')}</h2>
        <Saved />
      </section>
    </div>
  );
};
