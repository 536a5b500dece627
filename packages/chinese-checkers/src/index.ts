/**
 * Chinese Checkers (中國跳棋 / Sternhalma): the 121-point star, 2/3/4/6 seats,
 * 10 or 15 pieces, adjacent or long jumps, the corner rule, the anti-blocking
 * win rule, play on for later places, and 食棋, the capture variant.
 */
export { chineseCheckers, createGame, exportGame, fromSnapshot, parseGame, perft, playTokens } from './definition.js';
export { ChineseCheckersGame, type ChineseCheckersView, type RecordEntry } from './game.js';
export type { Layout } from './layout.js';
export {
  formatMove,
  formatPosition,
  type Move,
  POINT_NAMES,
  parseMoveText,
  parsePoint,
  parsePosition,
} from './notation.js';
export {
  type ChineseCheckersOptions,
  CORNER_RULES,
  type CornerRule,
  DEFAULT_OPTIONS,
  JUMP_RULES,
  type JumpRule,
  PIECE_COUNTS,
  type PieceCount,
  PLAYER_COUNTS,
  type PlayerCount,
  parseOptions,
  seatCorners,
  VARIANTS,
  type Variant,
  validateOptions,
  WIN_RULES,
  type WinRule,
} from './options.js';
export { DROP_REASONS, type DropReason } from './outcome.js';
export { moveFrom, moveTo, PASS, type PackedMove, packMove } from './packed-move.js';
export { divide, perftPosition } from './perft.js';
export { Position } from './position.js';
export { SoloArrival } from './solo.js';
export {
  CAPTURE_START,
  CENTRE,
  COLOUR_LETTERS,
  CORNER_COLOURS,
  type CornerColour,
  distanceToCornerTip,
  homePoints,
  lineBetween,
  oppositeCorner,
  POINT_COUNT,
  POINTS,
  type PointId,
  pointAt,
  pointByName,
  pointName,
  type StarPoint,
} from './star.js';
export { isNeighbour, midpoint } from './tables.js';
