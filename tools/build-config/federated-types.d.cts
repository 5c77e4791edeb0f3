export interface GeneratedTypes {
  /** `@mf-types.zip`: the declarations of the remote's exposed modules. */
  zip: string;
  /** `@mf-types.d.ts`: the remote's API types (which modules it exposes). */
  api: string;
}

export function generateRemoteTypes(options: {
  name: string;
  dir: string;
  log?: (line: string) => void;
}): Promise<GeneratedTypes>;

/**
 * Unpacks the types of the remotes `consumer` uses into its `@mf-types/`; returns that folder.
 * `env` is read for remote overrides (REMOTES_OVERRIDE): an overridden remote's published types.
 */
export function prepareConsumerTypes(
  consumer: string,
  options?: {
    folders?: Record<string, string>;
    log?: (line: string) => void;
    env?: Record<string, string | undefined>;
  },
): Promise<string>;
