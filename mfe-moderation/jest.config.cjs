module.exports = require('build-config/jest.base.cjs')({
  environment: 'jsdom',
  setupFiles: [require.resolve('build-config/jest-setup-dom.cjs')],
});
