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
