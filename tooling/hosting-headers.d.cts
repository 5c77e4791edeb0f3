export function productionAppOrigins(): string[];
export function withProductionSecurityHeaders<T extends { hosting: unknown[] }>(config: T): T;
export function withRemoteTargets<T extends { hosting: Array<{ target: string }> }>(config: T): T;
