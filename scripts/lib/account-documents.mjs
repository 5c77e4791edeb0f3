// The product's own sign-up shapes (shared-firebase's newAccountDocuments: plain data with only
// type imports), compiled with the repo's Babel setup, so scripts that make members (the demo seed,
// the benchmarks) write exactly what sign-up writes.
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import babel from '@babel/core';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

let module;
/** @returns {Promise<{ newAccountDocuments: (userName: string) => { userData: object, following: object, followers: object } }>} */
export function loadAccountDocuments() {
  module ??= babel
    .transformFileAsync(path.join(ROOT, 'shared-firebase/src/data/accountDocuments.ts'), {
      cwd: ROOT,
      envName: 'test',
      caller: { name: 'scripts', supportsStaticESM: true, supportsDynamicImport: true },
    })
    .then(({ code }) => import(`data:text/javascript,${encodeURIComponent(code)}`));
  return module;
}
