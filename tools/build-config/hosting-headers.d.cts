/** The Hosting header rules a remote's published types get (docs/CONTRACT.md). */
export const TYPES_HEADERS: Array<{
  source: string;
  headers: Array<{ key: string; value: string }>;
}>;
export function productionAppOrigins(): string[];
export function withProductionSecurityHeaders<T extends { hosting: unknown[] }>(config: T): T;
export function withRemoteTargets<T extends { hosting: Array<{ target: string }> }>(config: T): T;
