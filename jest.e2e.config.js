/** The end-to-end suite: real server, real database, real Chromium. Started by scripts/e2e.mjs. */
module.exports = {
  displayName: 'e2e',
  testEnvironment: 'node',
  roots: ['<rootDir>/test/e2e'],
  testMatch: ['**/*.e2e.ts'],
  transform: { '^.+\\.(t|j)sx?$': ['@swc/jest', { module: { type: 'commonjs' } }] },
  testTimeout: 60_000,
  // One browser per file is plenty for 2 cores; files run one after another.
  maxWorkers: 1,
};
