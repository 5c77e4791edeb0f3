import type { WebpackPluginInstance } from 'webpack';

export type Surfaces = Record<string, readonly string[]>;
export const SURFACES_FILE: string;
/** The content of SURFACES_FILE. */
export interface SurfacesReport {
  provides: Record<string, string[]>;
  uses: Record<string, string[]>;
}
export function surfaceModule(shareKey: string, names: readonly string[]): string;
export function surfaceAliases(surfaces: Surfaces): Record<string, string>;
export class SharedSurfacePlugin implements WebpackPluginInstance {
  constructor(surfaces: Surfaces);
  apply(compiler: import('webpack').Compiler): void;
}
