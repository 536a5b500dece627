import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { GAME_IDS } from '@qiyuan/core';
import { beforeAll, describe, expect, it } from 'vitest';
import { loadGame } from '../src/games/types.js';
import { addWords, initI18n } from '../src/i18n/index.js';
import { ruleBoardWords } from '../src/i18n/page-words.js';
import { exampleSlots, markExamples, RULE_EXAMPLES } from '../src/pages/rule-boards.js';
import { forPlayers } from '../src/pages/rule-files.js';

/** The rules pages' live examples: each one is a real position where its piece has somewhere to go, each is shown. */

const rulesDir = join(dirname(fileURLToPath(import.meta.url)), '..', '..', '..', 'docs', 'rules');
const read = (name: string): string => readFileSync(join(rulesDir, name), 'utf8');
const marked = (md: string): string[] =>
  [...md.matchAll(/^<!-- boards: ([\w -]+) -->$/gm)].flatMap((m) => m[1]!.trim().split(' '));

/** Whether a move in the game's notation moves what the example shows (a point, a tile, or a line of marbles). */
const movesShown = (game: string, show: string, move: string): boolean => {
  if (game === 'hive') return move.startsWith(`${show} `);
  if (game === 'abalone') return move.startsWith(show.split(' ')[0]!);
  return move.startsWith(`${show}-`);
};

// the boards' words come with the rules pages, as the app loads them
beforeAll(async () => {
  await initI18n('en');
  await addWords(ruleBoardWords);
});

describe('rules page examples', () => {
  it.each(Object.entries(RULE_EXAMPLES))('%s: the piece shown has moves in the example position', async (_id, ex) => {
    const mod = await loadGame(ex.game);
    const options = mod.definition.parseOptions(ex.options);
    if (!options.ok) throw new Error(options.error.reason);
    const created = mod.definition.create(options.value);
    if (!created.ok) throw new Error(created.error.reason);
    const game = created.value;
    for (const text of ex.moves) {
      const move = game.parseMove(text);
      if (!move.ok) throw new Error(move.error.reason);
      expect(game.play(move.value).ok).toBe(true);
    }
    expect(game.outcome()).toBeUndefined();
    const legal = game.legalMoves().map((m) => game.moveToString(m));
    expect(legal.filter((m) => movesShown(ex.game, ex.show, m)).length).toBeGreaterThan(0);
  });

  it('every example is shown on its game’s page in each language, and every mark names an example', () => {
    for (const game of GAME_IDS) {
      const own = Object.entries(RULE_EXAMPLES)
        .filter(([, ex]) => ex.game === game)
        .map(([id]) => id)
        .sort();
      for (const file of [`${game}.md`, `${game}.zh-CN.md`, `${game}.zh-TW.md`]) {
        expect([...marked(read(file))].sort(), file).toEqual(own);
      }
    }
  });

  it('a mark becomes a row of figures, through the comment stripping and the renderer', () => {
    const md = forPlayers(markExamples('Text.\n\n<!-- boards: cc-step nonsense cc-jump -->\n\nMore.\n'));
    const html = exampleSlots(md.replace(/^(@@.*@@)$/m, '<p>$1</p>'));
    expect(html.match(/data-rule-board="([\w-]+)"/g)).toEqual([
      'data-rule-board="cc-step"',
      'data-rule-board="cc-jump"',
    ]);
    expect(html).toContain('<figcaption>A step:');
  });
});
