export interface EmulatorOrigins {
  auth: string;
  firestore: { host: string; port: number };
  storage: { host: string; port: number };
}

export interface PolicyOptions {
  /** Origins (or URLs) of the shell and every remote. */
  appOrigins: string[];
  /** The local emulators (runtime-config's `emulators`); none in production. */
  emulators?: EmulatorOrigins | null;
}

export const FIREBASE_ENDPOINTS: string[];
export function contentSecurityPolicy(options: PolicyOptions): string;
export function securityHeaders(options: PolicyOptions): Record<string, string>;
export function hostingSecurityRule(options: PolicyOptions): {
  source: string;
  headers: Array<{ key: string; value: string }>;
};
