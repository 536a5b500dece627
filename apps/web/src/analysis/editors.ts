import type { GameId } from '@qiyuan/core';
import { abaloneStartEditor } from './editors/abalone.js';
import { chineseCheckersStartEditor } from './editors/chinese-checkers.js';
import { hiveStartEditor } from './editors/hive.js';
import { junqiStartEditor } from './editors/junqi.js';
import type { StartEditor } from './editors/types.js';

export type { StartEditor };

/**
 * Each game's part of the position editor (./editors/<game>.tsx), by game id: a game without one does not compile.
 * They come in the editor's chunk (the analysis page fetches it when the editor opens); Junqi's board editor is a
 * chunk of its own within it.
 */
export const EDITORS: { readonly [K in GameId]: StartEditor } = {
  hive: hiveStartEditor,
  junqi: junqiStartEditor,
  abalone: abaloneStartEditor,
  'chinese-checkers': chineseCheckersStartEditor,
};
