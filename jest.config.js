/** @type {import('jest').Config} */
module.exports = {
  testEnvironment: 'node',
  roots: ['<rootDir>/test'],
  testMatch: ['**/*.test.ts'],
  // Transpile only (the type check is `npm run typecheck`). ts-jest rather than swc: @swc/core's
  // per-platform binaries are not all on our registry, which breaks `npm ci` from the lock file.
  transform: {
    '^.+\\.(t|j|mj)s$': [
      'ts-jest',
      {
        tsconfig: {
          isolatedModules: true,
          allowJs: true,
          module: 'commonjs',
          esModuleInterop: true,
          target: 'es2022',
          resolveJsonModule: true,
        },
      },
    ],
  },
  // agenda@6 and d3-geo@3 (with d3-array, internmap) are ESM-only and jest on Node 20 cannot require() ESM:
  // transform them into CommonJS (Node itself requires them since 20.19).
  transformIgnorePatterns: ['/node_modules/(?!(agenda|@agendajs|d3-geo|d3-array|internmap)/)'],
  setupFiles: ['<rootDir>/test/support/env.ts'],
  globalSetup: '<rootDir>/test/support/global-setup.ts',
  globalTeardown: '<rootDir>/test/support/global-teardown.ts',
  testTimeout: 30000,
  // Agenda leaves un-unref'd liveness timers (half its lock lifetime) after stop(); without this a run
  // that finished can hold the process for minutes (seen in a clean-clone CI run).
  forceExit: true,
};
