// Runs a TypeScript entry point of this package in a plain Node process, for the benches and for
// tests that need a real child process (e.g. kill -9): `node harness/run-ts.cjs <entry.ts> [args…]`.
require('./register-ts.cjs');
const path = require('node:path');

const [entry, ...args] = process.argv.slice(2);
process.argv = [process.argv[0], path.resolve(entry), ...args];
require(path.resolve(entry));
