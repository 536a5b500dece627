import { type Command, CommanderError } from 'commander';
import { program } from '../src/main.js';

/** What one `qiyuan …` printed, and the status it would have exited with. */
export interface Ran {
  readonly status: number;
  readonly stdout: string;
  readonly stderr: string;
}

const every = (c: Command): Command[] => [c, ...c.commands.flatMap((sub) => every(sub as Command))];

/**
 * Runs `qiyuan <args>` in this process, the way bin/qiyuan.js does, without paying for a new Node and a fresh
 * TypeScript compile per call: commander throws where it would exit, and the command's output (its own writes and
 * commander's help and errors) is captured instead of printed. One call at a time: it borrows process.stdout.
 */
export const qiyuan = async (...args: string[]): Promise<Ran> => {
  let stdout = '';
  let stderr = '';
  for (const c of every(program)) {
    c.exitOverride();
    c.configureOutput({ writeOut: (s) => void (stdout += s), writeErr: (s) => void (stderr += s) });
  }
  const out = process.stdout.write;
  const err = process.stderr.write;
  const exitCode = process.exitCode;
  process.exitCode = undefined;
  process.stdout.write = ((chunk: string | Uint8Array) => {
    stdout += String(chunk);
    return true;
  }) as typeof process.stdout.write;
  process.stderr.write = ((chunk: string | Uint8Array) => {
    stderr += String(chunk);
    return true;
  }) as typeof process.stderr.write;
  let status = 0;
  try {
    await program.parseAsync(args, { from: 'user' });
    status = Number(process.exitCode ?? 0);
  } catch (e) {
    if (!(e instanceof CommanderError)) throw e;
    status = e.exitCode;
  } finally {
    process.stdout.write = out;
    process.stderr.write = err;
    process.exitCode = exitCode;
  }
  return { status, stdout, stderr };
};
