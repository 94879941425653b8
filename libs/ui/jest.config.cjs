const preset = require('../../jest.preset.cjs');

module.exports = {
  ...preset,
  rootDir: '.',
  displayName: require('./package.json').name,
  testEnvironment: 'jsdom',
  moduleNameMapper: {
    '\\.css$': '<rootDir>/../../tools/jest/style-stub.cjs',
    '\\.(svg|png|webp|avif|jpg)$': '<rootDir>/../../tools/jest/file-stub.cjs',
  },
  setupFilesAfterEnv: ['<rootDir>/../../tools/jest/dom-setup.ts'],
  testMatch: ['<rootDir>/src/**/*.spec.{ts,tsx}'],
};
