/**
 * Everything the Junqi setup editor (布阵) needs beyond the board: the draft and the setups saved on the device
 * (junqi-setup.ts), its panel section and its model, and the reserve's drag. One chunk, fetched by the controller when
 * a seat deploys (or a game page expects it to): a replay and an analysis board show deployments without editing one.
 */

export { Editor } from '../board/junqi-panel-editor.js';
export { deleteSaved, initialDraft, listSaved, rememberLast, saveSetup } from '../board/junqi-setup.js';
export { editorModel } from './junqi-editor-model.js';
export { TrayDrag } from './junqi-tray-drag.js';
