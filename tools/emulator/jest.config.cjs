const base = require('build-config/jest.base.cjs')({ environment: 'node', testTimeout: 30000 });

module.exports = base;
