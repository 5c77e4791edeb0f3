// The suites mostly wait on what they start (emulators, Chromium pages, Google's JVM), not on the
// CPU: jest's default of one worker per core but one would run them one at a time on a 2-core
// machine, so two run at once.
const base = require('build-config/jest.base.cjs')({
  environment: 'node',
  testTimeout: 30000,
  maxWorkers: 2,
});

module.exports = base;
