/**
 * The compatibility suite: one set of protocol checks run against our realtime
 * server and against soketi (installed on demand into .tmp/soketi). Apart from
 * the default projects because it installs and spawns a peer server:
 *   node --experimental-vm-modules node_modules/jest/bin/jest.js --config test/compat/jest.config.js
 */
const path = require('node:path');

module.exports = {
  rootDir: path.resolve(__dirname, '../..'),
  roots: ['<rootDir>/test/compat'],
  testMatch: ['**/*.test.ts'],
  testEnvironment: 'node',
  transform: {
    // .mjs too: the suite imports scripts/soketi.mjs, which swc compiles to CommonJS like the rest.
    '^.+\\.(t|j)sx?$|^.+\\.mjs$': ['@swc/jest', { jsc: { target: 'es2022' }, module: { type: 'commonjs' } }],
  },
  moduleFileExtensions: ['ts', 'js', 'mjs', 'cjs', 'json'],
  // The first run installs soketi with npm (about half a minute); later runs take seconds.
  testTimeout: 60_000,
  // Both servers run inside this one test file; nothing to parallelise.
  maxWorkers: 1,
};
