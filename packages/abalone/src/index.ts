export { CELL_COUNT, CELLS, type Cell, cellAt, cellByName, cellName, DIRECTION_NAMES, NEIGHBOR } from './board.js';
export { abalone, exportAbaloneGame, parseAbaloneGame, parseAbaloneOptions, parseSetup } from './definition.js';
export { AbaloneGame, type AbaloneOptions, type AbaloneView } from './game.js';
export { LAYOUTS, START_POSITIONS, type StartPosition } from './layouts.js';
export { moveToString, parseMoveText, positionToText } from './notation.js';
export {
  BLACK,
  EJECTIONS_TO_WIN,
  EMPTY,
  encodeMove,
  isInline,
  isMoveCode,
  type Move,
  moveCount,
  moveDir,
  moveLineDir,
  moveRear,
  Position,
  WHITE,
} from './position.js';
export {
  type MoveChoice,
  type MoveEffect,
  moveEffect,
  moveMarbles,
  moveSelections,
  movesForSelection,
  type Selection,
  selectionKey,
} from './selection.js';
