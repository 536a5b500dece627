import { t } from '../i18n/index.js';
import type { PuzzleView } from './api.js';

/**
 * A puzzle's heading says what it is: the game's puzzle (of the day, with its day), its themes, its rating — under
 * the page's own title "Puzzles", which it does not repeat.
 */
export const puzzleHeading = (puzzle: PuzzleView, day: string | undefined, rating: number): string => {
  const game = t(`games.${puzzle.game}`);
  return [
    day ? t('puzzles.headingDaily', { game, day }) : t('puzzles.heading', { game }),
    ...puzzle.themes.map((x) => t(`puzzles.themes.${x}`)),
    t('puzzles.rated', { rating }),
  ].join(' · ');
};
