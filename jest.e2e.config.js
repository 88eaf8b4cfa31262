/**
 * The browser tests (`npm run test:e2e`): Debian's chromium driven by playwright-core through the
 * web application on a real port. Apart from `npm test` (they need chromium; .ci/run installs it).
 */
const base = require('./jest.config');

/** @type {import('jest').Config} */
module.exports = { ...base, roots: ['<rootDir>/test/e2e'], testMatch: ['**/*.e2e.ts'], testTimeout: 120000 };
