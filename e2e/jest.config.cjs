const preset = require('../jest.preset.cjs');

module.exports = {
  ...preset,
  displayName: 'e2e',
  testEnvironment: 'node',
  testMatch: ['<rootDir>/tests/**/*.e2e.ts'],
  setupFilesAfterEnv: ['<rootDir>/support/setup.ts'],
  // The demo seeded once per run; each suite's portal starts on a copy (support/portal.ts).
  globalSetup: '<rootDir>/support/global-setup.ts',
  globalTeardown: '<rootDir>/support/global-teardown.ts',
  // Generous: the suite runs beside the API suite on two cores (tools/test.sh).
  testTimeout: 150_000,
  maxWorkers: 1,
  // A handle a suite left open (a browser, a timer) must not hold CI until its time limit; find one
  // with `npx jest --detectOpenHandles`.
  forceExit: true,
};
