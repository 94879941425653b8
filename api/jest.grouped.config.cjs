// The API suite in groups of files, each group in one module registry (test/grouped.e2e-group.ts):
// `API_GROUP=k/n npx jest -c jest.grouped.config.cjs` runs the k-th of n groups.
const config = require('./jest.config.cjs');

module.exports = { ...config, testMatch: ['<rootDir>/test/grouped.e2e-group.ts'] };
