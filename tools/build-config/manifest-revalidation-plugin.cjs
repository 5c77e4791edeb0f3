// Runtime plugin every container carries. A remote is switched or rolled back by editing
// remotes.json and reloading; manifests must then be revalidated even where a proxy or the browser
// would heuristically reuse a cached copy, so manifest fetches never come from the HTTP cache.
module.exports = function manifestRevalidationPlugin() {
  return {
    name: 'manifest-revalidation',
    fetch(url, init) {
      if (!/mf-manifest\.json(\?|$)/.test(url)) return undefined;
      return fetch(url, { ...init, cache: 'no-cache' });
    },
  };
};
