// Runtime plugin every container carries, so a shared module whose code failed to load (its chunk,
// or the chunk of a shared module it imports, refused by the network) loads again at the next
// attempt, and a Retry recovers in the same page.
//
// Two things otherwise keep the failure for the page's life:
// - The runtime keeps a load's promise in the share scope until it succeeds, and hands every later
//   consumer that same promise: once it has rejected, every later load fails with it.
// - webpack resolves a provider's chunks even when a shared module they import failed (it installs
//   a module that throws instead), so the provider's getter succeeds and the runtime marks the
//   library loaded with a factory that throws at every call.

/** Drops a share-scope entry's loading promise once it has rejected, unless another replaced it. */
function forgetWhenRejected(entry) {
  if (!entry || entry.loaded || !entry.loading) return;
  const failed = entry.loading;
  failed.catch(() => {
    if (entry.loading === failed && !entry.loaded) delete entry.loading;
  });
}

const CHECKED = Symbol('retry-failed-shares: checked getter');

/**
 * A getter whose factory runs before the library counts as loaded, so a module that cannot run
 * (one of its shared imports failed) fails the load, which is then tried again, instead of being
 * kept. webpack runs a module once; consumers get the same exports as before.
 */
function checkedGetter(get) {
  if (typeof get !== 'function' || get[CHECKED]) return get;
  const checked = function (...args) {
    const result = get.apply(this, args);
    // A synchronous getter (loadShareSync) is left as it is.
    if (!result || typeof result.then !== 'function') return result;
    return result.then((factory) => {
      if (typeof factory === 'function') factory();
      return factory;
    });
  };
  checked[CHECKED] = true;
  return checked;
}

module.exports = function retryFailedSharesPlugin() {
  return {
    name: 'retry-failed-shares',
    beforeRegisterShare(args) {
      args.shared.get = checkedGetter(args.shared.get);
      return args;
    },
    errorLoadShare({ pkgName, shareScopeMap }) {
      for (const scope of Object.values(shareScopeMap)) {
        for (const shared of Object.values(scope[pkgName] ?? {})) {
          forgetWhenRejected(shared);
          forgetWhenRejected(shared.treeShaking);
        }
      }
    },
  };
};
