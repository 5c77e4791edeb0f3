// The product's own sign-up shapes (shared-firebase's newAccountDocuments: plain data with only
// type imports and pure helpers), compiled with the repo's Babel setup, so scripts that make
// members (the demo seed, the benchmarks) write exactly what sign-up writes.
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import babel from '@babel/core';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

/**
 * A TypeScript module as an importable `data:` URL. A `data:` module cannot resolve relative
 * imports, so each relative import (a `.ts` file of the same package) is compiled the same way and
 * referred to by its own URL.
 */
async function moduleUrl(file) {
  const { code } = await babel.transformFileAsync(file, {
    cwd: ROOT,
    envName: 'test',
    caller: { name: 'scripts', supportsStaticESM: true, supportsDynamicImport: true },
  });
  const imports = [...new Set([...code.matchAll(/from '(\.\.?\/[^']+)'/g)].map((m) => m[1]))];
  let linked = code;
  for (const specifier of imports) {
    const url = await moduleUrl(path.resolve(path.dirname(file), `${specifier}.ts`));
    linked = linked.replaceAll(`from '${specifier}'`, `from ${JSON.stringify(url)}`);
  }
  return `data:text/javascript,${encodeURIComponent(linked)}`;
}

let module;
/** @returns {Promise<{ newAccountDocuments: (userName: string) => { userData: object, following: object, followers: object } }>} */
export function loadAccountDocuments() {
  module ??= moduleUrl(path.join(ROOT, 'shared-firebase/src/data/accountDocuments.ts')).then(
    (url) => import(url),
  );
  return module;
}
