// `npm run bench`: runs each benchmark below in order, each in its own process, and stops at the
// first that fails. Results go to bench/results/<name>.json (git-ignored).
import { spawnSync } from 'node:child_process';
import path from 'node:path';

const BENCHES = [
  'bundles.ts',
  'lighthouse.ts',
  'xlsx-export.ts',
  'api-throughput.ts',
  'growth.ts',
  'startup.ts',
  'notice-mail.ts',
  'receipts.ts',
  'gala.ts',
  'bank.ts',
];

const tsx = path.resolve(__dirname, '..', 'node_modules', '.bin', 'tsx');
for (const bench of BENCHES) {
  console.log(`\n== ${bench}`);
  const result = spawnSync(tsx, [path.join(__dirname, bench)], { stdio: 'inherit' });
  if (result.status !== 0) {
    console.error(`${bench} failed (exit ${result.status ?? result.signal})`);
    process.exit(1);
  }
}
