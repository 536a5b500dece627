import type { ProfilePuzzlesWords } from './profile-puzzles.js';

/** 個人資料頁上的謎題用語（繁體中文）。 */
export const profilePuzzlesZhTW: ProfilePuzzlesWords = {
  profilePuzzles: {
    title: '謎題',
    none: '還沒有計分的謎題。',
    rating: '謎題等級分',
    attempts: '計分嘗試',
    recent: '你最近做的謎題',
    solved: '解出',
    failed: '未解出',
    puzzleRating: '謎題等級分 {{rating}}',
    unrated: '不計分',
  },
};
