// JS bytes of the first view of each route: a cold HTTP cache (cache disabled through CDP), the
// session already persisted for signed-in routes. Each file counts once per view, so a shared
// library loaded by one app and reused by the others is counted once.
import { collectJs, kb } from './js-collector.mjs';
import { measuredRoutes } from './routes.mjs';
import { loadedSharedCopies } from './shared-scope.mjs';
import { signIn } from './browser.mjs';
import { providerFiles } from './providers.mjs';

const HEAVY_PACKAGES = ['firebase/firestore', 'firebase/storage'];

export async function measureRouteBytes(browser, stack, member) {
  const providers = await providerFiles(stack);
  const results = [];
  for (const signedIn of [false, true]) {
    const context = await browser.newContext();
    const page = await context.newPage();
    if (signedIn) await signIn(page, stack.shellUrl, member);
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.enable');
    await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
    const js = collectJs(page);
    for (const route of measuredRoutes(member).filter((r) => r.signedIn === signedIn)) {
      js.reset();
      await page.goto(`${stack.shellUrl}${route.path}`);
      await route.ready(page).waitFor({ timeout: 30_000 });
      await js.settle();
      const files = [...js.files.values()];
      const shared = await loadedSharedCopies(page);
      const byOrigin = {};
      const byPackage = {};
      for (const file of files) {
        const pkg = providers.get(file.url)?.pkg ?? ownCodeLabel(stack, file);
        byPackage[pkg] = (byPackage[pkg] ?? 0) + file.gzip;
        const origin = originName(stack, file.url);
        byOrigin[origin] = (byOrigin[origin] ?? 0) + file.gzip;
      }
      results.push({
        route: route.name,
        budgetKb: route.budgetKb,
        files: files.length,
        rawKb: kb(files.reduce((sum, f) => sum + f.bytes, 0)),
        gzipKb: kb(files.reduce((sum, f) => sum + f.gzip, 0)),
        byOriginKb: Object.fromEntries(Object.entries(byOrigin).map(([k, v]) => [k, kb(v)])),
        byPackageKb: Object.fromEntries(
          Object.entries(byPackage)
            .sort(([, a], [, b]) => b - a)
            .map(([k, v]) => [k, kb(v)]),
        ),
        heavyLoaded: HEAVY_PACKAGES.filter((pkg) => shared[pkg]),
        largest: files
          .sort((a, b) => b.gzip - a.gzip)
          .slice(0, 6)
          .map((f) => `${originName(stack, f.url)}/${f.url.split('/').pop()} ${kb(f.gzip)}`),
      });
    }
    await context.close();
  }
  return results;
}

// Chunks a shared package pulls in that the manifests do not list under it, recognised by text
// only that library contains.
const LIBRARY_SIGNATURES = [
  ['react-router (dependent chunk)', 'useHref() may be used only'],
  ['firebase/app (dependent chunk)', '"@firebase/app-compat"'],
];

/** Files no shared entry lists: a library's dependent chunk, the container's entry, or app code. */
function ownCodeLabel(stack, file) {
  const { url } = file;
  const app = originName(stack, url);
  const library = LIBRARY_SIGNATURES.find(([, text]) => file.text.includes(text));
  if (library && !/\/main\.[0-9a-f]{10}\.js$/.test(url)) return library[0];
  if (url.endsWith('/remoteEntry.js')) return `${app} remoteEntry.js`;
  if (/\/main\.[0-9a-f]{10}\.js$/.test(url)) return `${app} main`;
  return `${app} own code`;
}

export function originName(stack, url) {
  const origin = new URL(url).origin;
  return Object.entries(stack.appUrls).find(([, base]) => base === origin)?.[0] ?? origin;
}
