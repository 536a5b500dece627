import { Command } from 'commander';
import { registerBench } from './commands/bench.js';
import { registerJunqi } from './commands/junqi.js';
import { registerPerft } from './commands/perft.js';

const program = new Command();
program
  .name('qiyuan')
  .description('棋苑 Qiyuan: Hive, Junqi, Abalone and Chinese Checkers — engines, AI and server')
  .showHelpAfterError();

registerPerft(program);
registerBench(program);
registerJunqi(program);

await program.parseAsync(process.argv);
