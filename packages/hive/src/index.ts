export { type HiveDefinitionOptions, hive, parseHiveOptions } from './definition.js';
export {
  DEFAULT_HIVE_OPTIONS,
  HiveGame,
  type HiveMoveView,
  type HiveOptions,
  type HiveRosterView,
  type HiveTile,
  type HiveView,
  isRosterMove,
  parseGameString,
  rosterMove,
  rosterOfMove,
} from './game.js';
export {
  baseGameTypeString,
  type Expansions,
  flipsToString,
  type GameType,
  gameTypeString,
  parseFlips,
  parseGameType,
} from './gametype.js';
export { moveToUhp, parseUhpMove } from './notation.js';
export {
  BUG_COUNTS,
  BUG_INDEX,
  BUG_NAMES,
  BUGS,
  type Bug,
  CLASSIC_ROSTER,
  type Flips,
  FRONT_OF,
  PIECES,
  type PieceInfo,
  pieceByName,
  REVERSE_BUGS,
  REVERSE_OF,
  type ReverseBug,
  Roster,
} from './pieces.js';
export {
  cellOf,
  cellQ,
  cellR,
  encodeMove,
  type HiveRules,
  MOVE_CARRY,
  MOVE_GRAB,
  MOVE_PLAIN,
  MOVE_SWAP,
  type Move,
  moveKind,
  movePiece,
  moveTo,
  PASS,
  Position,
} from './position.js';
export { type HivePgn, isHivePgn, parseHivePgn, type RecordTag, readHivePgn, writeHivePgn } from './record.js';
export {
  type HiveSetup,
  type HiveStack,
  isSetupString,
  parseSetup,
  parseSetupGame,
  setupOf,
  setupPosition,
  setupToString,
} from './setup.js';
export { type BestMoveSearch, type EngineOption, UhpSession } from './uhp.js';
