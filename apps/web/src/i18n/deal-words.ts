import type { Widen } from './widen.js';
/**
 * The words of a fair deal's proof (an online replay) and of a sealed deal (an online game), in English, loaded with
 * those pages.
 */
export const dealWordsEn = {
  fairDeal: {
    commitment: 'Commitment (SHA-256), given before the first move',
    seed: 'Seed, revealed after the game',
    salt: 'Salt, revealed after the game',
    checkYourself: 'Check it yourself',
    hashed:
      'The text the server hashed, rebuilt in your browser from the seed, the salt and the layout the seed deals:',
    yourHash: 'Its SHA-256, worked out by your browser:',
    same: 'It matches the commitment: the hidden pieces were fixed before the first move.',
    different: 'It does not match the commitment.',
    how: 'How to check it anywhere else',
    recipe1:
      'The commitment is the SHA-256, in lowercase hex, of the UTF-8 text of a JSON array written without spaces: the words "qiyuan-commitment-1", the game’s id (the last part of this page’s address), the game’s name (such as junqi), the seed, the salt, and the start position the seed deals.',
    recipe2:
      'The start position is the game engine’s text of the game created from its options with this seed: in Flip Junqi every piece’s colour and rank on its point, face down. The text shown by “Check it yourself” is exactly what is hashed, so you can copy it into any SHA-256 tool and compare.',
    recipe3:
      'The game’s exported record carries the same three values as Commitment, Seed and Salt tags, so the record alone is enough to check the deal. If they ever do not match, please report it.',
  },
  sealed: {
    line: 'Fair deal: sealed {{short}}…',
    tooltip: 'The fingerprint (SHA-256) of the hidden deal, given to every player before the first move',
    what: 'What is this?',
    explain:
      'The pieces you cannot see were dealt by the server from a secret seed before the game began. Every player was given this fingerprint of that seed, a secret salt and the deal they make; no one can find the deal from it, and the server cannot change the deal without the fingerprint changing. When the game is over the seed and salt are published, and the replay page works the fingerprint out again in your browser: if it matches, the deal you played is the one sealed at the start.',
    full: 'Full fingerprint:',
  },
};

export type DealWords = Widen<typeof dealWordsEn>;
