import type { MigrationInterface, QueryRunner } from 'typeorm';
import { domainToASCII } from 'node:url';

// Frozen copies of common/identity.ts as it was when this migration shipped: NFC, lower case, and
// the domain in ASCII (IDNA); a domain IDNA refuses is kept as typed.
function normalizeEmail(email: string): string {
  const value = email.normalize('NFC').trim().toLowerCase();
  const at = value.lastIndexOf('@');
  if (at < 0) return value;
  const domain = domainToASCII(value.slice(at + 1));
  return domain ? `${value.slice(0, at)}@${domain}` : value;
}

function normalizeUsername(username: string): string {
  return username.normalize('NFC').trim().toLowerCase();
}

/** The identity columns, and their definitions apart from the collation. */
const COLUMNS = [
  ['users', 'username', 'varchar(60) NOT NULL'],
  ['users', 'email', 'varchar(254) NULL'],
  ['families', 'email', 'varchar(254) NOT NULL'],
  ['account_tokens', 'email', 'varchar(254) NOT NULL'],
  // Its keys hold addresses (reset:email:…): one counter per address, compared exactly too.
  ['rate_limits', 'id', 'varchar(191) NOT NULL'],
] as const;

interface Row {
  id: number;
  value: string | null;
}

/**
 * Each row's value normalised; where two rows would end with one value, the first in `rows`
 * keeps it and the others get `collision(row)`. Written in two passes through `temporary` values
 * so that no step breaks a unique key.
 */
async function normalise(
  runner: QueryRunner,
  table: string,
  column: string,
  rows: Row[],
  normalize: (value: string) => string,
  collision: (row: Row) => string | null,
  temporary: (row: Row) => string | null,
): Promise<void> {
  const taken = new Set<string>();
  const changes: Array<{ row: Row; value: string | null }> = [];
  for (const row of rows) {
    if (row.value === null) continue;
    let value: string | null = normalize(row.value);
    if (taken.has(value)) value = collision(row);
    if (value !== null) taken.add(value);
    if (value !== row.value) changes.push({ row, value });
  }
  for (const { row } of changes) await runner.query(`UPDATE ${table} SET ${column} = ? WHERE id = ?`, [temporary(row), row.id]);
  for (const { row, value } of changes) await runner.query(`UPDATE ${table} SET ${column} = ? WHERE id = ?`, [value, row.id]);
}

/**
 * Identities compare exactly (decisions item 21). On MySQL/MariaDB the identity columns take the
 * binary collation: `utf8mb4_general_ci`, `utf8mb4_unicode_ci` and MySQL 8's `utf8mb4_0900_ai_ci`
 * all find `ana@exámple.com` equal to `ana@example.com`. SQLite compares exactly already. Then
 * every stored address and user name is normalised (common/identity.ts). Where two would become
 * one: between accounts, the proven one (then the oldest) keeps the address and the other is
 * left without one (it signs in by user name and adds an address again); between families, the
 * first keeps it and the other keeps its old value, which no normalised address can match (the
 * committee corrects it in 'Familias'); a user name that would repeat gets `.<id>` added.
 */
export class ExactIdentities1764500000000 implements MigrationInterface {
  name = 'ExactIdentities1764500000000';

  async up(runner: QueryRunner): Promise<void> {
    if (runner.connection.options.type !== 'better-sqlite3') {
      for (const [table, column, definition] of COLUMNS) {
        await runner.query(
          `ALTER TABLE \`${table}\` MODIFY \`${column}\` ${definition.replace(' ', ' CHARACTER SET utf8mb4 COLLATE utf8mb4_bin ')}`,
        );
      }
    }
    const users: Array<{ id: number; username: string; email: string | null }> = await runner.query(
      'SELECT id, username, email FROM users ORDER BY CASE WHEN emailVerifiedAt IS NULL THEN 1 ELSE 0 END, createdAt, id',
    );
    await normalise(
      runner,
      'users',
      'username',
      users.map(({ id, username }) => ({ id, value: username })),
      normalizeUsername,
      (row) => `${normalizeUsername(row.value!).slice(0, 50)}.${row.id}`,
      (row) => `~${row.id}`,
    );
    await normalise(
      runner,
      'users',
      'email',
      users.map(({ id, email }) => ({ id, value: email })),
      normalizeEmail,
      () => null,
      () => null,
    );
    const families: Array<{ id: number; email: string }> = await runner.query('SELECT id, email FROM families ORDER BY id');
    const familyRows = families.map(({ id, email }) => ({ id, value: email }));
    // A family whose address is already normalised keeps it before one that would take it.
    familyRows.sort((a, b) => Number(normalizeEmail(a.value) !== a.value) - Number(normalizeEmail(b.value) !== b.value));
    await normalise(
      runner,
      'families',
      'email',
      familyRows,
      normalizeEmail,
      (row) => row.value,
      (row) => `~${row.id}`,
    );
    const tokens: Array<{ id: string; email: string }> = await runner.query('SELECT id, email FROM account_tokens');
    for (const { id, email } of tokens) {
      if (normalizeEmail(email) !== email)
        await runner.query('UPDATE account_tokens SET email = ? WHERE id = ?', [normalizeEmail(email), id]);
    }
  }

  async down(runner: QueryRunner): Promise<void> {
    if (runner.connection.options.type === 'better-sqlite3') return;
    for (const [table, column, definition] of COLUMNS) {
      await runner.query(
        `ALTER TABLE \`${table}\` MODIFY \`${column}\` ${definition.replace(' ', ' CHARACTER SET utf8mb4 COLLATE utf8mb4_unicode_ci ')}`,
      );
    }
  }
}
