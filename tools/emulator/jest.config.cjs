// Two suites at a time: many wait on what they start (emulators, Chromium pages, Google's JVM),
// so a second worker fills those waits with another suite's work. The suites as a whole are
// CPU-bound on a 2-core machine, so more workers than two would only slow each other.
const base = require('build-config/jest.base.cjs')({
  environment: 'node',
  testTimeout: 30000,
  maxWorkers: 2,
});

module.exports = base;
