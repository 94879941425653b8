import { isSettingError, settingErrorMessage } from './connection-errors';

describe('a database that cannot be reached, said by the setting to fix', () => {
  it('names the password, the database or the host, and never retries those', () => {
    const url = 'mysql://portal@db:3306/portal';
    const denied = Object.assign(new Error("Access denied for user 'portal'@'10.0.0.3' (using password: YES)"), {
      code: 'ER_ACCESS_DENIED_ERROR',
    });
    expect(isSettingError(denied)).toBe(true);
    expect(settingErrorMessage(denied, url)).toMatch(/^Cannot connect to the database: .*check DATABASE_PASSWORD \(MARIADB_PASSWORD/);
    expect(settingErrorMessage({ driverError: { code: 'ER_BAD_DB_ERROR' } }, url)).toContain(
      'database named in DATABASE_URL does not exist',
    );
    expect(settingErrorMessage({ code: 'ENOTFOUND' }, url)).toContain('no server is called "db"');
    // A server that is only slow or restarting is retried, and says nothing of settings.
    const refused = { code: 'ECONNREFUSED' };
    expect(isSettingError(refused)).toBe(false);
    expect(settingErrorMessage(refused, url)).toBeNull();
  });
});
