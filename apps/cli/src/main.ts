import { Command } from 'commander';
import { registerAdmin } from './commands/admin.js';
import { registerAnalyse } from './commands/analyse.js';
import { registerArena } from './commands/arena.js';
import { registerBench } from './commands/bench.js';
import { registerBot } from './commands/bot.js';
import { registerJunqi } from './commands/junqi.js';
import { registerPerft } from './commands/perft.js';
import { registerReview } from './commands/review.js';
import { registerServe } from './commands/serve.js';
import { registerTournament } from './commands/tournament.js';
import { registerUhp } from './commands/uhp.js';

const program = new Command();
program
  .name('qiyuan')
  .description('棋苑 Qiyuan: Hive, Junqi, Abalone and Chinese Checkers — engines, AI and server')
  .showHelpAfterError();

registerPerft(program);
registerServe(program);
registerBench(program);
registerArena(program);
registerJunqi(program);
registerUhp(program);
registerAnalyse(program);
registerReview(program);
registerTournament(program);
registerAdmin(program);
registerBot(program);

/** The whole command, parsed by bin/qiyuan.js from the process's arguments, and by the tests in-process. */
export { program };
