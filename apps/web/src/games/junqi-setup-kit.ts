/**
 * Everything the Junqi setup editor (布阵) needs beyond the board: the editor at work (junqi-setup-session.ts: the
 * draft and the player's intent while deploying), the setups saved on the device (junqi-setup.ts), its panel section
 * and its model, and the reserve's drag. One chunk, fetched by the controller when a seat deploys (or a game page
 * expects it to): a replay and an analysis board show deployments without editing one, until a reader tries one.
 */

export { SetupSession } from './junqi-setup-session.js';
