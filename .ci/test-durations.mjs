// Writes vitest.durations.json (the seconds each test file took, which vitest.sequencer.ts orders files by) from
// vitest JSON reports: `node .ci/test-durations.mjs <report.json> [<report.json> …]` (a later report's figure for a
// file replaces an earlier one's). Run it on reports of whole runs on a quiet machine: the browser files' and the
// others' may come from separate runs, since their phases never overlap.
import { readFileSync, writeFileSync } from 'node:fs';
import { dirname, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const seconds = {};
for (const path of process.argv.slice(2)) {
  const report = JSON.parse(readFileSync(path, 'utf8'));
  for (const file of report.testResults) {
    seconds[relative(checkoutOf(file.name), file.name)] = Math.round((file.endTime - file.startTime) / 100) / 10;
  }
}
const sorted = Object.fromEntries(Object.entries(seconds).sort(([a], [b]) => (a < b ? -1 : 1)));
writeFileSync(resolve(root, 'vitest.durations.json'), `${JSON.stringify(sorted, null, 1)}\n`);

/** The checkout a report's file belongs to (a report may come from another clone of the project). */
function checkoutOf(file) {
  const at = Math.max(file.lastIndexOf('/packages/'), file.lastIndexOf('/apps/'));
  return at < 0 ? root : file.slice(0, at);
}
