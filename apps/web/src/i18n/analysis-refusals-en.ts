import type { AnalysisRefusalCode } from '../analysis/refusals.js';

/**
 * The analysis board's refusals in English (analysis/refusals.ts: a link, a pasted text or the editor's position it
 * cannot take, a move of them it cannot play). Each language is a chunk of its own, loaded with the position editor
 * or when the board says a refusal: a board opened on a readable link, or none, goes without them. zh-CN and zh-TW
 * are modules of their own, typed against this shape.
 */
export const analysisRefusalsEn = {
  analysis: {
    refusals: {
      'link-unreadable': 'the link is damaged and cannot be read.',
      'link-damaged': 'the link is damaged.',
      'link-options': 'the options in the link are damaged.',
      'link-position': 'the position in the link is damaged.',
      'link-move': 'the move the link shows is damaged.',
      'tree-unreadable': 'the moves in the link are damaged.',
      'tree-too-deep': 'the line in the link is longer than {{max}} moves.',
      'tree-move': 'move {{ply}} in the link is damaged.',
      'lines-no-number': '“{{text}}” has no move number before it (write “1. {{text}}”).',
      'lines-no-move': 'move number {{ply}} has no move after it.',
      'lines-side-first': 'a side line “(” comes before any move.',
      'lines-unopened': 'a closing parenthesis “)” has no opening one.',
      'lines-unclosed': 'a side line is not closed: a “)” is missing.',
      'move-refused': '{{move}} (move {{ply}}): {{why}}',
      'not-legal': 'That move is not allowed here.',
      'cc-rows': 'a position has {{expected}} rows, not {{rows}}',
      'cc-fields':
        'a position is the rows, the colour to move and, for capture checkers (食棋), the captures, separated by spaces.',
      'cc-row-letter': 'row {{row}}: “{{letter}}” is neither a colour (r o y g b p) nor a number of empty points.',
      'cc-row-points': 'row {{row}} has {{expected}} points, not {{points}}.',
      'ab-too-few': '{{side}} has {{n}} marbles: with six pushed off the game is already over',
      'ab-too-many': '{{side}} has {{n}} marbles; a side has at most {{most}}',
      'jq-rows': 'an army has {{expected}} rows separated by “/”, not {{rows}}.',
      'jq-row-points': 'row {{row}} has {{points}} points, not {{expected}}.',
      'jq-letter': '“{{letter}}” in row {{row}} is not a piece letter.',
      'jq-camp-mark': '“+” marks a camp, but point {{point}} of row {{row}} is not a camp.',
      'hive-moves-only':
        'these are moves without the game they belong to. Write the game type, its state and the turn first, then the moves, each after a “;”: {{example}}. A game copied from a replay here already has them.',
      detail: '{{words}} ({{detail}})',
    } satisfies Record<AnalysisRefusalCode | 'detail', string>,
  },
};
