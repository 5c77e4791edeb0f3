const base = require('build-config/jest.base.cjs')({
  environment: 'jsdom',
  setupFiles: [require.resolve('build-config/jest-setup-dom.cjs')],
});

// The forms' tests fake `shared-firebase/session`'s network calls; the Firebase SDK its real parts
// import is only loaded, never called, so every test file gets it as an empty module.
module.exports = {
  ...base,
  moduleNameMapper: {
    ...base.moduleNameMapper,
    '^firebase/(app|auth|firestore|storage)$':
      require.resolve('build-config/jest-empty-module.cjs'),
  },
};
