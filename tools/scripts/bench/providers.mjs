// Which shared package each built file provides, read from every served app's mf-manifest.json.
// A chunk listed under several packages is a common vendor chunk, named after all of them.

/** @returns {Promise<Map<string, { app: string, pkg: string }>>} file URL → provider */
export async function providerFiles(stack) {
  const files = new Map();
  for (const [app, base] of Object.entries(stack.appUrls)) {
    const manifest = await (await fetch(`${base}/mf-manifest.json`)).json();
    const owners = new Map();
    for (const shared of manifest.shared) {
      for (const file of shared.assets.js.sync) {
        owners.set(file, [...(owners.get(file) ?? []), shared.name]);
      }
    }
    for (const [file, names] of owners) {
      files.set(`${base}/${file}`, { app, pkg: names.join('+'), single: names.length === 1 });
    }
  }
  return files;
}
