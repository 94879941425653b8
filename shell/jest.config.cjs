const preset = require('../jest.preset.cjs');

module.exports = {
  ...preset,
  displayName: require('./package.json').name,
  testEnvironment: 'jsdom',
  setupFilesAfterEnv: ['<rootDir>/../tools/jest/dom-setup.ts'],
  testMatch: ['<rootDir>/src/**/*.spec.{ts,tsx}'],
};
