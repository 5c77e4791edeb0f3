// jsdom without the web APIs Node already has: firebase (fetch at import) and react-router
// (TextEncoder) need them, and Node's implementations are the standard ones.
const { TestEnvironment } = require('jest-environment-jsdom');

class DomWithNodeWebApis extends TestEnvironment {
  constructor(config, context) {
    super(config, context);
    for (const name of [
      'fetch',
      'Headers',
      'Request',
      'Response',
      'TextEncoder',
      'TextDecoder',
      'ReadableStream',
      'structuredClone',
    ]) {
      if (this.global[name] === undefined) this.global[name] = globalThis[name];
    }
  }
}

module.exports = DomWithNodeWebApis;
