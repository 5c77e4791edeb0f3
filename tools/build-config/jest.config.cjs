// One suite at a time: several start `npm start`, `npm run emulators` or a backend of the
// repository's firebase.json, and each start compiles the same functions codebases into their dist
// folders, which another start's Functions emulator is loading.
module.exports = require('./jest.base.cjs')({
  environment: 'node',
  testTimeout: 30000,
  maxWorkers: 1,
});
