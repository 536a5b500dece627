import { createInterface } from 'node:readline';
import { hiveUhpEngine } from '@qiyuan/ai';
import { nodeHelperThreads } from '@qiyuan/ai/smp-node';
import { UhpSession } from '@qiyuan/hive';
import type { Command } from 'commander';

/** `qiyuan uhp`: the Universal Hive Protocol on stdin/stdout, one command per line. */
export const registerUhp = (program: Command): void => {
  program
    .command('uhp')
    .description('speak the Universal Hive Protocol on stdin/stdout (for MzingaViewer and other UHP tools)')
    .action(async () => {
      // `NumThreads` above 1 starts Lazy SMP helper threads.
      const engine = hiveUhpEngine(nodeHelperThreads);
      const session = new UhpSession(
        engine.search,
        'Qiyuan Hive 0.1.0 (bestmove: alpha-beta search, @qiyuan/ai)',
        engine.options,
      );
      process.stdout.write(`${session.handle('info').join('\n')}\n`);
      const lines = createInterface({ input: process.stdin, terminal: false });
      for await (const line of lines) {
        if (line.trim() === 'exit') break;
        const out = session.handle(line);
        if (out.length) process.stdout.write(`${out.join('\n')}\n`);
      }
      await engine.close();
    });
};
