export { type HiveDefinitionOptions, hive, parseHiveOptions } from './definition.js';
export {
  DEFAULT_HIVE_OPTIONS,
  HiveGame,
  type HiveMoveView,
  type HiveOptions,
  type HiveTile,
  type HiveView,
  parseGameString,
} from './game.js';
export { type Expansions, gameTypeString, parseGameType } from './gametype.js';
export { moveToUhp, parseUhpMove } from './notation.js';
export { BUG_COUNTS, BUG_NAMES, BUGS, type Bug, PIECES, type PieceInfo, pieceByName } from './pieces.js';
export {
  cellOf,
  cellQ,
  cellR,
  encodeMove,
  type HiveRules,
  type Move,
  movePiece,
  moveTo,
  PASS,
  Position,
} from './position.js';
export { type BestMoveSearch, UhpSession } from './uhp.js';
