module.exports = require('tooling/jest.base.cjs')({ environment: 'node', testTimeout: 30000 });
