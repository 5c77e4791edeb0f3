import type { FirebaseOptions } from 'firebase/app';

/** The shape of /runtime-config.json: which backend the page talks to, decided at deploy time. */
export interface RuntimeConfig {
  firebase: FirebaseOptions;
  /** Local emulators; null in production. */
  emulators: {
    auth: string;
    firestore: { host: string; port: number };
    storage: { host: string; port: number };
  } | null;
}

export const RUNTIME_CONFIG_PATH = '/runtime-config.json';

/** Reads /runtime-config.json: the Firebase web config and, locally, the emulator addresses. */
export async function fetchRuntimeConfig(
  url: string = RUNTIME_CONFIG_PATH,
): Promise<RuntimeConfig> {
  const response = await fetch(url, { cache: 'no-cache' });
  if (!response.ok) throw new Error(`Could not load ${url}: HTTP ${response.status}`);
  return (await response.json()) as RuntimeConfig;
}
