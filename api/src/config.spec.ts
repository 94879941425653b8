import { ConfigError, loadConfig } from './config';

describe('configuration from the environment', () => {
  it('has working defaults: SQLite, port 3000, demo data outside production', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({ port: 3000, databaseUrl: null, seedDemo: true, serveWeb: true, trustProxy: false });
    expect(config.sqlitePath).toMatch(/data\/portal\.sqlite$/);
    expect(loadConfig({ NODE_ENV: 'production' }).seedDemo).toBe(false);
  });

  it.each([
    [{ PORT: 'tres mil' }, /^PORT must be a whole number/],
    [{ PORT: '70000' }, /^PORT must be a whole number from 0 to 65535/],
    [{ SEED_DEMO: 'quizás' }, /^SEED_DEMO must be true or false/],
    [{ NODE_ENV: 'staging' }, /^NODE_ENV must be one of development, production, test/],
    [{ DATABASE_URL: 'postgres://db/portal' }, /^DATABASE_URL must start with mysql:\/\/ or mariadb:\/\//],
    [{ DATABASE_URL: 'mysql://db:3306' }, /^DATABASE_URL must name the database/],
    [{ LOG_LEVEL: 'verbose' }, /^LOG_LEVEL must be one of/],
    [{ SESSION_IDLE_MINUTES: '1' }, /^SESSION_IDLE_MINUTES must be a whole number from 5/],
  ])('refuses %j with a message that names the variable', (env, message) => {
    expect(() => loadConfig(env)).toThrow(ConfigError);
    expect(() => loadConfig(env)).toThrow(message);
  });

  it('accepts MySQL and MariaDB URLs', () => {
    expect(loadConfig({ DATABASE_URL: 'mysql://portal:secreto@db:3306/portal' }).databaseUrl).toBe('mysql://portal:secreto@db:3306/portal');
    expect(loadConfig({ DATABASE_URL: 'mariadb://db/portal' }).databaseUrl).toBe('mariadb://db/portal');
  });
});
