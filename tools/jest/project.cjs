// The jest configuration of a front-end project or lib: jsdom, Testing Library's matchers, CSS
// and images stubbed, tests next to the code (src/**/*.spec.ts[x]).
const path = require('node:path');
const preset = require('../../jest.preset.cjs');

module.exports = (rootDir) => ({
  ...preset,
  rootDir,
  displayName: require(path.join(rootDir, 'package.json')).name,
  testEnvironment: 'jsdom',
  moduleNameMapper: {
    '\\.css$': path.join(__dirname, 'style-stub.cjs'),
    '\\.(svg|png|webp|avif|jpg)$': path.join(__dirname, 'file-stub.cjs'),
  },
  setupFilesAfterEnv: [path.join(__dirname, 'dom-setup.ts')],
  testMatch: ['<rootDir>/src/**/*.spec.{ts,tsx}'],
  // A component test that types a sentence renders once per key: on two busy cores (CI runs the
  // builds and the API suite beside it) that has taken over jest's 5 s. A time limit, not a check.
  testTimeout: 20_000,
});
