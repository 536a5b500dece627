import type { Widen } from './widen.js';
/**
 * The settings page's words in English (its title, each setting and its help), loaded with the page
 * (page-words.ts); the header's language menu names itself with `settings.language`, among every page's words.
 * zh-CN and zh-TW are modules of their own, typed against this shape.
 */
export const settingsPageEn = {
  settings: {
    title: 'Settings',
    theme: 'Board theme',
    sound: 'Sound',
    pieces: 'Piece style',
    animation: 'Animations',
    coordinates: 'Show coordinates',
    themes: { wood: 'Wood', jade: 'Jade', slate: 'Slate', contrast: 'High contrast' },
    pieceStyles: { classic: 'Classic', flat: 'Flat', letters: 'Letters' },
    pieceStyleHelp: {
      classic:
        'Classic: shining marbles (Abalone, Chinese Checkers), bugs drawn in their colours (Hive), raised tiles with the rank in words (Junqi).',
      flat: 'Flat: marbles without shine, bugs drawn in the tile’s one ink, flat Junqi tiles without shadow.',
      letters:
        'Letters: each piece carries the letter the notation uses — a colour’s initial on marbles, the bug’s letter on Hive tiles (Q, A, G …), the rank’s digit or letter on Junqi tiles (9 the highest … 1 the engineer; B bomb, M mine, F flag).',
    },
    coordinatesHelp:
      'Abalone: rows A–I and diagonals 1–9 around the board. Chinese Checkers and Junqi: every point’s name as moves write it (e5, a7). Hive shows none: it has no fixed board, and its moves name a neighbouring tile instead.',
    soundHelp:
      'Short tones for a move, a capture, the end of a game and low time on your clock, in every kind of game.',
    animationHelp: 'Pieces slide and fade. They also stay still when your system asks for reduced motion.',
    saved: 'Settings are kept on this device.',
  },
};

export type SettingsPageMessages = Widen<typeof settingsPageEn>;
