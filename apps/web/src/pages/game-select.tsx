import { GAME_IDS, type GameId } from '@qiyuan/core';
import { t } from '../i18n/index.js';

/** The choice of a game, by its name in the player's language: for a challenge, a tournament, any form that needs one. */
export const GameSelect = ({
  value,
  onChange,
  id,
  name,
}: {
  value: GameId;
  onChange: (game: GameId) => void;
  id?: string;
  name?: string;
}) => (
  <select
    id={id}
    name={name}
    value={value}
    onChange={(e) => onChange((e.currentTarget as HTMLSelectElement).value as GameId)}
  >
    {GAME_IDS.map((g) => (
      <option key={g} value={g}>
        {t(`games.${g}`)}
      </option>
    ))}
  </select>
);
