module.exports = require('tooling/jest.base.cjs')({
  environment: 'jsdom',
  setupFiles: [require.resolve('tooling/jest-setup-dom.cjs')],
});
