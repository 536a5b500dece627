import type { ProfilePuzzlesWords } from './profile-puzzles.js';

/** 个人资料页上的谜题用语（简体中文）。 */
export const profilePuzzlesZhCN: ProfilePuzzlesWords = {
  profilePuzzles: {
    title: '谜题',
    none: '还没有计分的谜题。',
    rating: '谜题等级分',
    attempts: '计分尝试',
    recent: '你最近做的谜题',
    solved: '解出',
    failed: '未解出',
    puzzleRating: '谜题等级分 {{rating}}',
    unrated: '不计分',
  },
};
