// Which Firestore the local backend runs: the project's own emulator (default) or Google's Cloud
// Firestore emulator, the reference. One switch for every script: `--firestore=google` or
// FIRESTORE_BACKEND=google (the flag wins).

export const FIRESTORE_BACKENDS = ['emulator', 'google'];
export const FIRESTORE_BACKEND_VARIABLE = 'FIRESTORE_BACKEND';

/** Thrown for a switch value nobody knows; its message is one line. */
export class UnknownFirestoreBackend extends Error {}

/** 'emulator' or 'google', from `--firestore=<name>` / `--firestore <name>` or the variable. */
export function firestoreBackendFrom(argv = process.argv.slice(2), env = process.env) {
  let chosen = env[FIRESTORE_BACKEND_VARIABLE] || 'emulator';
  argv.forEach((arg, index) => {
    if (arg.startsWith('--firestore=')) chosen = arg.slice('--firestore='.length);
    else if (arg === '--firestore') chosen = argv[index + 1] ?? '';
  });
  if (!FIRESTORE_BACKENDS.includes(chosen)) {
    throw new UnknownFirestoreBackend(
      `Unknown Firestore backend '${chosen}': use --firestore=emulator (default) or --firestore=google (or ${FIRESTORE_BACKEND_VARIABLE}).`,
    );
  }
  return chosen;
}
