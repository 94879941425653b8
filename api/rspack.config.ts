// The API is bundled into dist/ with its workspace libs (@portal/*); every npm package stays an
// external `require`, as Nest and the database drivers expect.
import path from 'node:path';
import type { Configuration } from '@rspack/core';

const config: Configuration = {
  mode: 'production',
  target: 'node20',
  context: __dirname,
  entry: {
    main: './src/main.ts',
    'create-admin': './src/create-admin.ts',
    backup: './src/backup-cli.ts',
    reminders: './src/reminders-cli.ts',
  },
  output: { path: path.join(__dirname, 'dist'), filename: '[name].js', library: { type: 'commonjs2' }, clean: true },
  resolve: { extensions: ['.ts', '.js', '.json'] },
  externalsType: 'commonjs',
  externals: [
    ({ request }, callback) => {
      const bundled = !request || request.startsWith('.') || path.isAbsolute(request) || request.startsWith('@portal/');
      callback(undefined, bundled ? undefined : request);
    },
  ],
  module: {
    rules: [
      {
        test: /\.ts$/,
        loader: 'builtin:swc-loader',
        options: {
          jsc: {
            parser: { syntax: 'typescript', decorators: true },
            transform: { legacyDecorator: true, decoratorMetadata: true, useDefineForClassFields: false },
            target: 'es2022',
          },
        },
        type: 'javascript/auto',
      },
    ],
  },
  optimization: { minimize: false },
  node: { __dirname: false, __filename: false },
  devtool: 'source-map',
  stats: 'errors-warnings',
};

export default config;
