import { initFirebase, loadFirebase } from '../app';

/**
 * Starts the Firebase app once before the file's tests, with no emulators and no backend: enough
 * to build queries and compare them (`queryEqual`), with nothing touching the network.
 */
export function offlineFirebaseApp(projectId: string): void {
  beforeAll(async () => {
    initFirebase({ firebase: { projectId, apiKey: 'demo-key' }, emulators: null });
    await loadFirebase();
  });
}
