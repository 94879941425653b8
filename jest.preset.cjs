// Shared jest settings: TypeScript and JSX through SWC, CSS and images stubbed.
module.exports = {
  transform: {
    '^.+\\.(t|j)sx?$': [
      '@swc/jest',
      {
        jsc: {
          parser: { syntax: 'typescript', tsx: true, decorators: true },
          transform: { react: { runtime: 'automatic' }, legacyDecorator: true, decoratorMetadata: true, useDefineForClassFields: false },
          target: 'es2022',
        },
        module: { type: 'commonjs' },
      },
    ],
  },
  moduleNameMapper: {
    '\\.css$': '<rootDir>/../tools/jest/style-stub.cjs',
    '\\.(svg|png|webp|avif|jpg)$': '<rootDir>/../tools/jest/file-stub.cjs',
  },
  moduleFileExtensions: ['ts', 'tsx', 'js', 'cjs', 'json'],
};
