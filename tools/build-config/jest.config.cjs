module.exports = require('./jest.base.cjs')({ environment: 'node', testTimeout: 30000 });
