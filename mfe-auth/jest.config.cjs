const base = require('build-config/jest.base.cjs')({
  environment: 'jsdom',
  setupFiles: [require.resolve('build-config/jest-setup-dom.cjs')],
});

// The pages' tests fake the remote's data calls (src/data); the Firebase SDK that shared-firebase's
// real parts import is only loaded, never called, so every test file gets it as an empty module
// (the data calls' own tests mock the SDK functions they call).
module.exports = {
  ...base,
  moduleNameMapper: {
    ...base.moduleNameMapper,
    '^firebase/(app|auth|firestore|storage)$':
      require.resolve('build-config/jest-empty-module.cjs'),
  },
};
