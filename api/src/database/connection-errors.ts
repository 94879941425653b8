// Why the API cannot reach its database, in words that name the setting to fix: the log line a
// volunteer reads after `docker compose ps` shows the API restarting.

/** mysql2's and Node's codes for a database that will not answer differently on a retry. */
const SETTING_ERRORS: Record<string, (host: string) => string> = {
  ER_ACCESS_DENIED_ERROR: () =>
    'the database refused the user or password: check DATABASE_PASSWORD (MARIADB_PASSWORD in the .env of docker compose) and the user in DATABASE_URL. The database keeps the password it was first created with.',
  ER_DBACCESS_DENIED_ERROR: () => 'the database user may not use that database: check the database named in DATABASE_URL.',
  ER_BAD_DB_ERROR: () => 'the database named in DATABASE_URL does not exist on that server.',
  ENOTFOUND: (host) => `no server is called "${host}": check the host in DATABASE_URL.`,
};

const codeOf = (error: unknown): string => {
  const { code, driverError } = (error ?? {}) as { code?: unknown; driverError?: { code?: unknown } };
  return String(driverError?.code ?? code ?? '');
};

/** A database error that no retry will mend (a wrong password, a wrong name): start fails at once. */
export function isSettingError(error: unknown): boolean {
  return codeOf(error) in SETTING_ERRORS;
}

/** The setting to fix, when the error says which; null for anything else. */
export function settingErrorMessage(error: unknown, databaseUrl: string | null): string | null {
  const explain = SETTING_ERRORS[codeOf(error)];
  if (!explain) return null;
  const host = databaseUrl && URL.canParse(databaseUrl) ? new URL(databaseUrl).hostname : '';
  return `Cannot connect to the database: ${explain(host)}`;
}
