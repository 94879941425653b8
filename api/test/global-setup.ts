// The API suites' global setup (jest.config.cjs): the migrations build one database of each kind
// once per run, and every suite's database starts as a copy of it (prepareDatabase in
// harness.ts): on MariaDB a second instead of the migrations' several. global-teardown.ts drops them.
// Only the migrations run here, not the app: classes loaded in this process would stay in
// class-validator's global metadata beside the suites' own copies (the OpenAPI schemas are built
// from it by class name).
import { DataSource } from 'typeorm';
import { dataSourceOptions } from '../src/database/database';
import { DATABASES, TEMPLATE_ENV, prepareDatabase, testConfig } from './databases';

export default async function setup(): Promise<void> {
  for (const kind of DATABASES) {
    const database = await prepareDatabase(kind, undefined);
    const dataSource = await new DataSource(dataSourceOptions(testConfig(database.env))).initialize();
    await dataSource.destroy();
    process.env[TEMPLATE_ENV[kind]] = database.env.SQLITE_PATH ?? new URL(database.env.DATABASE_URL!).pathname.slice(1);
  }
}
