import type { Compiler, WebpackPluginInstance } from 'webpack';

export const unbundledPipelinesAliases: Record<string, string>;
export class NoFirestorePipelinesPlugin implements WebpackPluginInstance {
  apply(compiler: Compiler): void;
}
