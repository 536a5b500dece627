#!/usr/bin/env node
// The packages are TypeScript sources; tsx compiles them on load, so the
// command works straight after `npm ci` with no build step.
import { register } from 'tsx/esm/api';

register();
const { program } = await import('../src/main.ts');
await program.parseAsync(process.argv);
