/** Two speeds: unit specs beside the code, integration specs against real PostgreSQL and Redis. */
const tsJest = ['ts-jest', { tsconfig: '<rootDir>/tsconfig.json', diagnostics: false }];

module.exports = {
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
