// Writes vitest.durations.json (the seconds each test file took, which vitest.sequencer.ts orders files by) from a
// vitest JSON report: `node .ci/test-durations.mjs <report.json>`. Run it on a report of a whole run on a quiet machine.
import { readFileSync, writeFileSync } from 'node:fs';
import { dirname, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const report = JSON.parse(readFileSync(process.argv[2], 'utf8'));
const seconds = {};
for (const file of report.testResults) {
  // the browser files are left in the order vitest finds them (their phase is ordered on its own)
  if (/(^|\/)(e2e|[^/]+\.e2e)\.test\.ts$/.test(file.name)) continue;
  seconds[relative(checkoutOf(file.name), file.name)] = Math.round((file.endTime - file.startTime) / 100) / 10;
}
const sorted = Object.fromEntries(Object.entries(seconds).sort(([a], [b]) => (a < b ? -1 : 1)));
writeFileSync(resolve(root, 'vitest.durations.json'), `${JSON.stringify(sorted, null, 1)}\n`);

/** The checkout a report's file belongs to (a report may come from another clone of the project). */
function checkoutOf(file) {
  const at = Math.max(file.lastIndexOf('/packages/'), file.lastIndexOf('/apps/'));
  return at < 0 ? root : file.slice(0, at);
}
