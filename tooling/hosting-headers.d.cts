export function productionAppOrigins(): string[];
export function withProductionSecurityHeaders<T extends { hosting: unknown[] }>(config: T): T;
