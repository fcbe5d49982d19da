// Jest runs the TypeScript sources as native ES modules (see ../shared/TOOLCHAIN.md):
// @swc/jest keeps decorator metadata, which Nest's DI depends on.
export default {
  testEnvironment: 'node',
  extensionsToTreatAsEsm: ['.ts'],
  moduleNameMapper: { '^(\\.{1,2}/.*)\\.js$': '$1' },
  transform: { '^.+\\.ts$': ['@swc/jest'] },
  testMatch: ['<rootDir>/src/**/*.spec.ts', '<rootDir>/test/**/*.e2e-spec.ts'],
  setupFilesAfterEnv: ['<rootDir>/test/support/embedded-database.setup.ts'],
  reporters: ['default', '<rootDir>/test/support/closing-line-reporter.mjs'],
  testTimeout: 30000,
  // TypeORM keeps its metadata on globalThis; Jest's clean-up between files would warn about it.
  testEnvironmentOptions: { globalsCleanup: 'off' },
};
