// What the federation runtime of a page has loaded: for each shared package, the distinct copies
// (version + providing app) that were actually loaded, read from globalThis.__FEDERATION__.
export function loadedSharedCopies(page) {
  return page.evaluate(() => {
    const copies = {};
    const shares = globalThis.__FEDERATION__?.__SHARE__ ?? {};
    for (const instance of Object.values(shares)) {
      for (const scope of Object.values(instance)) {
        for (const [pkg, versions] of Object.entries(scope)) {
          for (const [version, entry] of Object.entries(versions)) {
            if (!entry.loaded) continue;
            const key = `${version} from ${entry.from ?? '?'}`;
            copies[pkg] = [...new Set([...(copies[pkg] ?? []), key])];
          }
        }
      }
    }
    return copies;
  });
}
