// Drops the databases global-setup.ts built.
import { rmSync } from 'node:fs';
import path from 'node:path';
import { createConnection } from 'mysql2/promise';
import { TEMPLATE_ENV } from './databases';

export default async function teardown(): Promise<void> {
  const sqlite = process.env[TEMPLATE_ENV.sqlite];
  if (sqlite) rmSync(path.dirname(sqlite), { recursive: true, force: true });
  const mariadb = process.env[TEMPLATE_ENV.mariadb];
  if (mariadb) {
    const connection = await createConnection(process.env.MYSQL_URL!);
    await connection.query(`DROP DATABASE IF EXISTS \`${mariadb}\``);
    await connection.end();
  }
}
