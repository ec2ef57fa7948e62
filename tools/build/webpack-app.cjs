/**
 * Builds one NestJS app into dist/apps/<name>/main.js: TypeScript through swc (with decorator
 * metadata, which Nest's dependency injection needs), workspace libs bundled in, node_modules left
 * external (installed next to the bundle in the image).
 */
const { join } = require('node:path');
const nodeExternals = require('webpack-node-externals');
const TsconfigPathsPlugin = require('tsconfig-paths-webpack-plugin');

const root = join(__dirname, '..', '..');

module.exports = (appDir, name) => ({
  mode: 'production',
  target: 'node20',
  entry: join(appDir, 'src', 'main.ts'),
  output: { path: join(root, 'dist', 'apps', name), filename: 'main.js', clean: true },
  devtool: 'source-map',
  externalsPresets: { node: true },
  externals: [nodeExternals({ modulesDir: join(root, 'node_modules') })],
  resolve: {
    extensions: ['.ts', '.js'],
    plugins: [
      new TsconfigPathsPlugin({
        configFile: join(root, 'tsconfig.base.json'),
        extensions: ['.ts', '.js'],
      }),
    ],
  },
  module: {
    rules: [
      {
        test: /\.ts$/,
        exclude: /node_modules/,
        use: {
          loader: 'swc-loader',
          options: {
            jsc: {
              parser: { syntax: 'typescript', decorators: true },
              transform: { legacyDecorator: true, decoratorMetadata: true },
              target: 'es2022',
              keepClassNames: true,
            },
            module: { type: 'es6' },
            sourceMaps: true,
          },
        },
      },
    ],
  },
  optimization: { minimize: false },
  node: { __dirname: false, __filename: false },
  stats: 'errors-warnings',
});
