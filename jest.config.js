/** Two projects: the SPA in jsdom and the server in node. The e2e suite runs apart (scripts/e2e.mjs). */
const transform = {
  '^.+\\.(t|j)sx?$|^.+\\.mjs$': ['@swc/jest', { jsc: { transform: { react: { runtime: 'automatic' } } }, module: { type: 'commonjs' } }],
};
// ESM-only packages that jest must transform to CommonJS.
const esmPackages = ['cookie', 'typebox', 'yup', 'intl-messageformat', '@formatjs', 'laravel-echo', 'react-intl'];
const transformIgnorePatterns = [`/node_modules/(?!(${esmPackages.join('|')})/)`];

const moduleFileExtensions = ['ts', 'tsx', 'js', 'mjs', 'cjs', 'json'];

module.exports = {
  projects: [
    {
      displayName: 'spa',
      testEnvironment: 'jsdom',
      roots: ['<rootDir>/test/unit'],
      testMatch: ['**/*.test.ts', '**/*.test.tsx'],
      setupFiles: ['<rootDir>/test/unit/support/polyfills.ts', '<rootDir>/test/unit/support/testing-library.ts'],
      transform,
      transformIgnorePatterns,
      moduleFileExtensions,
      moduleNameMapper: { '\\.(css)$': '<rootDir>/test/unit/style-stub.js' },
    },
    {
      displayName: 'server',
      testEnvironment: 'node',
      roots: ['<rootDir>/test/server'],
      testMatch: ['**/*.test.ts'],
      transform,
      transformIgnorePatterns,
      moduleFileExtensions,
    },
  ],
};
