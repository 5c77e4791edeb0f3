// Imports a module of the product's TypeScript sources into a Node script, compiled with the repo's
// Babel setup, so scripts use the product's one definition of a thing (the sign-up documents, the
// image sizes) instead of a copy. Only for modules of plain data, pure helpers and type imports.
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import babel from '@babel/core';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

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

const loaded = new Map();

/** The module at `relativePath` from the repository root (e.g. 'shared-firebase/src/x.ts'). */
export function importTypeScript(relativePath) {
  if (!loaded.has(relativePath))
    loaded.set(
      relativePath,
      moduleUrl(path.join(ROOT, relativePath)).then((url) => import(url)),
    );
  return loaded.get(relativePath);
}
