import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { ROOT } from '../support/portal';

describe('starting the built API with a bad setting', () => {
  it.each([
    [{ PORT: 'tres mil' }, 'PORT'],
    [{ DATABASE_URL: 'postgres://db/portal' }, 'DATABASE_URL'],
  ])('stops at once with a message naming the variable (%j)', (env, name) => {
    const result = spawnSync(process.execPath, [path.join(ROOT, 'api/dist/main.js')], {
      env: { ...process.env, SERVE_WEB: 'false', ...env },
      encoding: 'utf8',
      timeout: 20_000,
    });
    expect(result.status).toBe(1);
    expect(result.stderr).toContain(`Invalid configuration: ${name} must`);
  });
});
