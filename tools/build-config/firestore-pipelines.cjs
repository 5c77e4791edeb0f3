// The product does not use Firestore Pipelines, so its builds leave out the regular-expression engine
// the Firestore SDK bundles for them (re2js-unbundled.mjs says why that is safe), and fail when any
// code imports the Pipelines API, which would need it.
const path = require('node:path');

const PIPELINES_REQUEST = /^@?firebase\/firestore\/(lite\/)?pipelines(\/|$)/;

/** resolve.alias entries: re2js (only Firestore Pipelines use it) → the stand-in that throws. */
const unbundledPipelinesAliases = {
  re2js$: path.join(__dirname, 're2js-unbundled.mjs'),
};

class NoFirestorePipelinesPlugin {
  apply(compiler) {
    compiler.hooks.normalModuleFactory.tap('NoFirestorePipelinesPlugin', (factory) => {
      factory.hooks.beforeResolve.tap('NoFirestorePipelinesPlugin', (data) => {
        if (PIPELINES_REQUEST.test(data.request)) {
          throw new Error(
            `${data.request}: Firestore Pipelines are not part of this product's builds; their regular ` +
              'expressions need re2js, which is left out (tools/build-config/firestore-pipelines.cjs).',
          );
        }
      });
    });
  }
}

module.exports = { unbundledPipelinesAliases, NoFirestorePipelinesPlugin };
