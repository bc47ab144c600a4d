/** Two speeds: unit specs beside the code, integration specs against real PostgreSQL and Redis. */
const tsJest = ['ts-jest', { tsconfig: '<rootDir>/tsconfig.json', diagnostics: false }];

module.exports = {
  // Two files at a time even on a 2-core machine (Jest's default there is one, in band): integration files spend much
  // of their time waiting on PostgreSQL, Redis, workers and timers. Each file has its own database and Redis prefix.
  maxWorkers: 2,
  // A worker whose heap grew past this after a file is replaced (Nest apps, fonts and MJML layouts add up over files).
  workerIdleMemoryLimit: '1500MB',
  projects: [
    {
      displayName: 'unit',
      rootDir: __dirname,
      testMatch: ['<rootDir>/src/**/*.spec.ts'],
      transform: { '^.+\\.ts$': tsJest },
      testEnvironment: 'node',
    },
    {
      displayName: 'integration',
      rootDir: __dirname,
      testMatch: ['<rootDir>/test/**/*.integration-spec.ts'],
      transform: { '^.+\\.ts$': tsJest },
      testEnvironment: 'node',
      globalSetup: '<rootDir>/test/support/global-setup.ts',
      globalTeardown: '<rootDir>/test/support/global-teardown.ts',
      setupFilesAfterEnv: ['<rootDir>/test/support/timeouts.ts', '<rootDir>/test/support/contract-report.ts'],
    },
  ],
};
