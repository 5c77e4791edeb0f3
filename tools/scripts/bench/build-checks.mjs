// Production build properties per app: every JS file minified, every file but the entry points a
// deploy switches content-hashed, and the cache headers the served files get.
import fs from 'node:fs';
import path from 'node:path';
import { ROOT } from '../lib/backend.mjs';
import { APPS } from '../lib/serve-apps.mjs';

const HASHED = /\.[0-9a-f]{10}\.js$/;
const SWITCHED = new Set(['remoteEntry.js']);

/** Minified: the code (license banners and source-map comments aside) is a few very long lines. */
function isMinified(text) {
  const code = text
    .split('\n')
    .filter((line) => line.trim() !== '' && !/^\s*(\/\*!|\/\/# sourceMappingURL)/.test(line));
  return code.length <= Math.max(3, text.length / 2000);
}

export async function checkBuilds(stack) {
  const results = {};
  for (const [name, folder] of Object.entries(APPS)) {
    const dir = path.join(ROOT, folder, 'dist');
    const js = fs.readdirSync(dir).filter((file) => file.endsWith('.js'));
    const unhashed = js.filter((file) => !HASHED.test(file) && !SWITCHED.has(file));
    const notMinified = js.filter(
      (file) => !isMinified(fs.readFileSync(path.join(dir, file), 'utf8')),
    );
    const hashedFile = js.find((file) => HASHED.test(file));
    const header = async (file) => {
      const response = await fetch(`${stack.appUrls[name]}/${file}`);
      return response.ok ? response.headers.get('cache-control') : `(none: ${response.status})`;
    };
    results[name] = {
      jsFiles: js.length,
      unhashed,
      notMinified,
      hashedCache: await header(hashedFile),
      entryCache: name === 'shell' ? '(host: no entry)' : await header('remoteEntry.js'),
      manifestCache: await header('mf-manifest.json'),
      remotesJsonCache: await header('remotes.json'),
      // A remote's production build has no page of its own (tools/build-config/webpack-app.cjs).
      indexCache: name === 'shell' ? await header('index.html') : '(remote: no page)',
    };
  }
  return results;
}
