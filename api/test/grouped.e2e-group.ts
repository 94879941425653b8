// `npm test` runs the API suite as a few groups of files (tools/test.sh): each group's files run
// in this one module registry, so the app's ~2,000 modules load once a group instead of once a
// file (1.5-2 s each, a quarter of the suite's time). Each file still starts its own app on its
// own databases, as when run alone. API_GROUP=k/n runs the k-th of n groups: every n-th file of
// the sorted list that jest.config.cjs runs, so a new file joins a group with no list to keep.
import { readdirSync } from 'node:fs';
import path from 'node:path';

const root = path.resolve(__dirname, '..');

/** The files jest.config.cjs matches: src/**\/*.spec.ts and test/*.e2e-spec.ts, sorted. */
function suiteFiles(): string[] {
  const found: string[] = [];
  const walk = (dir: string, pattern: RegExp) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const file = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(file, pattern);
      else if (pattern.test(entry.name)) found.push(file);
    }
  };
  walk(path.join(root, 'src'), /\.spec\.ts$/);
  walk(path.join(root, 'test'), /\.e2e-spec\.ts$/);
  return found.sort();
}

const [group, groups] = (process.env.API_GROUP ?? '1/1').split('/').map(Number) as [number, number];
if (!(groups >= 1 && group >= 1 && group <= groups))
  throw new Error(`API_GROUP must be k/n with 1 <= k <= n (got ${process.env.API_GROUP})`);

for (const [index, file] of suiteFiles().entries()) {
  if (index % groups !== group - 1) continue;
  // Its hooks and tests under its own name, as if it ran alone.
  describe(path.relative(root, file), () => {
    // eslint-disable-next-line @typescript-eslint/no-require-imports -- a describe's body is synchronous: import() would come too late
    require(file);
  });
}
