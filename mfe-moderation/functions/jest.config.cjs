// The functions' unit tests run in Node, apart from the remote's jsdom tests.
module.exports = require('build-config/jest.base.cjs')({ environment: 'node' });
