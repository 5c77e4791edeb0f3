// Which shared package each built file provides, read from every served app's mf-manifest.json.
// A chunk listed under several packages is a common vendor chunk and is attributed to none.

/** @returns {Promise<Map<string, { app: string, pkg: string }>>} file URL → provider */
export async function providerFiles(stack) {
  const files = new Map();
  for (const [app, base] of Object.entries(stack.appUrls)) {
    const manifest = await (await fetch(`${base}/mf-manifest.json`)).json();
    const counts = new Map();
    for (const shared of manifest.shared) {
      for (const file of shared.assets.js.sync) counts.set(file, (counts.get(file) ?? 0) + 1);
    }
    for (const shared of manifest.shared) {
      for (const file of shared.assets.js.sync) {
        if (counts.get(file) === 1) files.set(`${base}/${file}`, { app, pkg: shared.name });
      }
    }
  }
  return files;
}
