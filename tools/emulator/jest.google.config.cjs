// The emulator's SDK suites that need none of its internals, run again with Firestore on Google's
// Cloud Firestore emulator and Storage on this one (see "Both backends" in README.md). Left out:
// suites that reach into this emulator (engine, restarts, process) and the two that pin its own
// wire texts and endpoints (server/bad-input, server/rules-wiring).
const base = require('./jest.config.cjs');

module.exports = {
  ...base,
  testMatch: [
    '<rootDir>/test/rules/*.sdk.test.ts',
    '<rootDir>/test/attacks/*.test.ts',
    '<rootDir>/test/server/sdk-operations.test.ts',
    '<rootDir>/test/server/live.test.ts',
    '<rootDir>/test/server/fidelity*.test.ts',
    '<rootDir>/test/storage/browser.test.ts',
    '<rootDir>/test/functions/*.test.ts',
  ],
  globalSetup: '<rootDir>/test/harness/on-google-firestore.setup.ts',
  globalTeardown: '<rootDir>/test/harness/on-google-firestore.teardown.ts',
};
