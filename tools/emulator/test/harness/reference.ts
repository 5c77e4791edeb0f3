import {
  ReferenceEmulatorMissing,
  locateGoogleFirestore,
  type GoogleFirestoreInstall,
} from '../../src/reference/googleFirestore';

/**
 * Java and Google's Cloud Firestore emulator, or null where a developer's machine lacks them (the
 * suites that need them are then skipped, saying why). CI machines have both, so under CI=true a
 * missing install fails the run instead.
 */
export function referenceInstall(): GoogleFirestoreInstall | null {
  try {
    return locateGoogleFirestore();
  } catch (error) {
    if (!(error instanceof ReferenceEmulatorMissing) || process.env.CI === 'true') throw error;
    console.warn(`Skipping the suites on Google's Firestore emulator: ${error.message}`);
    return null;
  }
}
