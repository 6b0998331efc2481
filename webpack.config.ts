import path from 'node:path';
import type { Configuration } from 'webpack';
import HtmlWebpackPlugin from 'html-webpack-plugin';
import MiniCssExtractPlugin from 'mini-css-extract-plugin';
import CssMinimizerPlugin from 'css-minimizer-webpack-plugin';
import CopyPlugin from 'copy-webpack-plugin';
import { InjectManifest } from 'workbox-webpack-plugin';
import 'webpack-dev-server';
import { PrecompressPlugin } from './scripts/webpack/precompress.mjs';
import { PreloadManifestPlugin } from './scripts/webpack/preload-manifest.mjs';
import { developmentDirectives, realtimeSources, serializePolicy } from './server/security/content-security-policy';

const API_ORIGIN = process.env.API_ORIGIN || 'http://localhost:8080';
/** The dev server writes no runtime config into the page: the SPA falls back to this (src/services/app-config.ts). */
const DEV_REALTIME = { host: '', port: 6001, useTLS: false };

/**
 * The app's policy with what development needs (eval source maps, style-loader, the hot-reload
 * socket), so a violation shows while developing; built pages get the strict one from the API.
 */
function developmentPolicy(hostHeader: string | undefined): string {
  const pageHost = hostHeader ?? `localhost:${process.env.DEV_PORT || 3000}`;
  const hostname = new URL(`http://${pageHost}`).hostname;
  return serializePolicy(developmentDirectives(realtimeSources(DEV_REALTIME, hostname), `ws://${pageHost}`));
}

export default (_env: unknown, argv: { mode?: Configuration['mode'] }): Configuration => {
  const production = argv.mode !== 'development';
  return {
    mode: production ? 'production' : 'development',
    entry: { main: './src/main.tsx' },
    output: {
      path: path.resolve(__dirname, 'dist/web'),
      publicPath: '/',
      filename: production ? 'assets/[name].[contenthash:10].js' : 'assets/[name].js',
      chunkFilename: production ? 'assets/[name].[contenthash:10].js' : 'assets/[name].js',
      assetModuleFilename: 'assets/[name].[contenthash:10][ext]',
      clean: true,
    },
    devtool: production ? 'source-map' : 'eval-cheap-module-source-map',
    resolve: {
      extensions: ['.tsx', '.ts', '.js', '.json'],
      // Catalogues arrive pre-parsed (scripts/webpack/icu-ast-loader.mjs): no parser in the browser.
      alias: { '@formatjs/icu-messageformat-parser$': path.resolve(__dirname, 'node_modules/@formatjs/icu-messageformat-parser/no-parser.js') },
    },
    module: {
      rules: [
        {
          test: /\.[jt]sx?$/,
          exclude: /node_modules/,
          use: {
            loader: 'swc-loader',
            options: {
              jsc: {
                parser: { syntax: 'typescript', tsx: true },
                transform: { react: { runtime: 'automatic', development: !production, refresh: false } },
                target: 'es2020',
              },
            },
          },
        },
        { test: /[\\/]src[\\/]locales[\\/][a-z]+\.json$/, type: 'javascript/auto', use: path.resolve(__dirname, 'scripts/webpack/icu-ast-loader.mjs') },
        { test: /\.css$/, use: [production ? MiniCssExtractPlugin.loader : 'style-loader', 'css-loader'] },
      ],
    },
    plugins: [
      new HtmlWebpackPlugin({ template: 'public/index.html', scriptLoading: 'defer' }),
      new CopyPlugin({ patterns: [{ from: 'public', globOptions: { ignore: ['**/index.html'] } }] }),
      ...(production
        ? [
            new MiniCssExtractPlugin({ filename: 'assets/[name].[contenthash:10].css' }),
            // What each screen needs, for the server to preload with the page (server/plugins/spa-preloads.ts).
            new PreloadManifestPlugin(),
            // The worker precaches the hashed assets of this very build.
            new InjectManifest({
              swSrc: './src/sw/sw.ts',
              swDest: 'sw.js',
              // The .br/.gz copies are the same files (the server picks one per request); the preload manifest is the server's.
              exclude: [/\.map$/, /\.LICENSE\.txt$/, /^docs\//, /^icons\//, /\.(br|gz)$/, /^preload-manifest\.json$/],
              maximumFileSizeToCacheInBytes: 4 * 1024 * 1024,
            }),
            // Last: compressed copies of everything above, the worker included when it is emitted by now.
            new PrecompressPlugin(),
          ]
        : []),
    ],
    optimization: {
      minimizer: ['...', new CssMinimizerPlugin()],
      splitChunks: {
        chunks: 'all',
        cacheGroups: {
          // React and the state libraries change rarely: one long-cached chunk.
          framework: {
            test: /[\\/]node_modules[\\/](react|react-dom|scheduler|react-router|@reduxjs|redux|redux-saga|@redux-saga|react-redux|immer|reselect)[\\/]/,
            name: 'framework',
            priority: 20,
          },
        },
      },
      runtimeChunk: 'single',
    },
    performance: { hints: false },
    devServer: {
      port: Number(process.env.DEV_PORT || 3000),
      hot: true,
      historyApiFallback: true,
      headers: (request) => ({ 'Content-Security-Policy': developmentPolicy(request.headers.host) }),
      proxy: [{ context: ['/v1', '/broadcasting', '/health', '/storage'], target: API_ORIGIN }],
    },
  };
};
