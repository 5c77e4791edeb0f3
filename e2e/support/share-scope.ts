import type { Page } from '@playwright/test';

export interface SharedLibraryReport {
  /** Shared package → the copies of it that are loaded on the page ("<version> from <app>"). */
  loadedCopies: Record<string, string[]>;
  /** Firebase apps on the page, read through the loaded `firebase/app`; null if none is loaded. */
  firebaseApps: number | null;
}

/** Reads the federation share scope of the page: which shared libraries are loaded, from where. */
export function sharedLibraryReport(page: Page): Promise<SharedLibraryReport> {
  return page.evaluate(() => {
    type Entry = { loaded?: boolean; lib?: () => unknown; from?: string };
    type Share = Record<string, Record<string, Record<string, Entry>>>;
    const federation = (
      globalThis as unknown as { __FEDERATION__?: { __SHARE__?: Record<string, Share> } }
    ).__FEDERATION__;
    const loadedCopies: Record<string, string[]> = {};
    let firebaseApps: number | null = null;
    for (const instance of Object.values(federation?.__SHARE__ ?? {})) {
      for (const scope of Object.values(instance)) {
        for (const [pkg, versions] of Object.entries(scope)) {
          for (const [version, entry] of Object.entries(versions)) {
            if (entry.loaded && entry.lib) {
              const key = `${version} from ${entry.from ?? '?'}`;
              loadedCopies[pkg] = [...new Set([...(loadedCopies[pkg] ?? []), key])];
              if (pkg === 'firebase/app') {
                const app = entry.lib() as { getApps: () => unknown[] };
                firebaseApps = app.getApps().length;
              }
            }
          }
        }
      }
    }
    return { loadedCopies, firebaseApps };
  });
}

/**
 * Whether the loaded `shared-firebase` (the data entry) hands out the very functions of the loaded
 * `shared-firebase/session`: one session module on the page, not a copy bundled into the data
 * entry (which would hold a second session and a second set of Firebase handles). Null when either
 * is not loaded.
 */
export function dataEntrySharesTheSession(page: Page): Promise<boolean | null> {
  return page.evaluate(() => {
    type Entry = { loaded?: boolean; lib?: () => Record<string, unknown> };
    type Share = Record<string, Record<string, Record<string, Entry>>>;
    const federation = (
      globalThis as unknown as { __FEDERATION__?: { __SHARE__?: Record<string, Share> } }
    ).__FEDERATION__;
    const loaded = (pkg: string) => {
      for (const instance of Object.values(federation?.__SHARE__ ?? {}))
        for (const scope of Object.values(instance))
          for (const entry of Object.values(scope[pkg] ?? {}))
            if (entry.loaded && entry.lib) return entry.lib();
      return null;
    };
    const data = loaded('shared-firebase');
    const session = loaded('shared-firebase/session');
    if (!data || !session) return null;
    return (
      typeof session.useSession === 'function' &&
      data.useSession === session.useSession &&
      data.getFirebase === session.getFirebase
    );
  });
}
