const preset = require('../jest.preset.cjs');

module.exports = {
  ...preset,
  displayName: 'e2e',
  testEnvironment: 'node',
  testMatch: ['<rootDir>/tests/**/*.e2e.ts'],
  setupFilesAfterEnv: ['<rootDir>/support/setup.ts'],
  testTimeout: 90_000,
  maxWorkers: 1,
};
