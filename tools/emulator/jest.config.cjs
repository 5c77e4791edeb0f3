const base = require('tooling/jest.base.cjs')({ environment: 'node', testTimeout: 30000 });

module.exports = base;
