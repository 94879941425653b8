// The API suites' global setup (jest.config.cjs): the migrations build one database of each kind
// once per run, and every suite's database starts as a copy of it (prepareDatabase in
// harness.ts): on MariaDB a second instead of the migrations' several. global-teardown.ts drops them.
import { createApp } from '../src/app';
import { DATABASES, TEMPLATE_ENV, prepareDatabase, testConfig } from './harness';

export default async function setup(): Promise<void> {
  for (const kind of DATABASES) {
    const database = await prepareDatabase(kind, undefined);
    const app = await createApp(testConfig(database.env));
    await app.close();
    process.env[TEMPLATE_ENV[kind]] = database.env.SQLITE_PATH ?? new URL(database.env.DATABASE_URL!).pathname.slice(1);
  }
}
