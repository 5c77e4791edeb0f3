// The product's own sign-up shapes (shared-firebase's newAccountDocuments: plain data with only
// type imports and pure helpers), so scripts that make members (the demo seed, the benchmarks)
// write exactly what sign-up writes.
import { importTypeScript } from './typescript-module.mjs';

/** @returns {Promise<{ newAccountDocuments: (userName: string) => { userData: object, following: object, followers: object } }>} */
export function loadAccountDocuments() {
  return importTypeScript('shared-firebase/src/data/accountDocuments.ts');
}
