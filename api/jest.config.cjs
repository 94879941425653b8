const preset = require('../jest.preset.cjs');

module.exports = {
  ...preset,
  displayName: 'api',
  testEnvironment: 'node',
  testMatch: ['<rootDir>/src/**/*.spec.ts', '<rootDir>/test/**/*.e2e-spec.ts'],
  // Generous: the suite runs beside the builds and the browser suite on two cores (tools/test.sh).
  testTimeout: 120_000,
  // Each database kind migrated once, then copied for every suite (test/global-setup.ts).
  globalSetup: '<rootDir>/test/global-setup.ts',
  setupFiles: ['<rootDir>/test/fresh-globals.ts'],
  globalTeardown: '<rootDir>/test/global-teardown.ts',
  // Suites share one MariaDB server and two cores: run them one by one.
  maxWorkers: 1,
  // A handle a suite left open (a browser, a timer) must not hold CI until its time limit; find one
  // with `npx jest --detectOpenHandles`.
  forceExit: true,
};
