/**
 * The words of a player's puzzles on their profile, in English; zh-CN and zh-TW are modules of their own, typed
 * against this shape.
 */
export const profilePuzzlesEn = {
  profilePuzzles: {
    title: 'Puzzles',
    none: 'No rated puzzles yet.',
    rating: 'Puzzle rating',
    attempts: 'Rated attempts',
    recent: 'Your latest puzzles',
    solved: 'Solved',
    failed: 'Failed',
    puzzleRating: 'puzzle rated {{rating}}',
    unrated: 'not rated',
  },
};

export type ProfilePuzzlesWords = typeof profilePuzzlesEn;
