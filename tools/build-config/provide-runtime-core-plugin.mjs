// Runtime plugin of the shell only: puts the shell's federation runtime core on the page for the
// remotes, whose production builds leave theirs out (experiments.externalRuntime). The official
// provideExternalRuntime option does the same through a CommonJS module, which would add a second,
// CommonJS copy of the runtime core (about 25 KB gzip) to the shell; this imports the same ES module
// the shell's federation runtime already holds whole, so it costs nothing.
import * as runtimeCore from '@module-federation/runtime-core';

export default function provideRuntimeCorePlugin() {
  return {
    name: 'provide-runtime-core',
    beforeInit(args) {
      globalThis._FEDERATION_RUNTIME_CORE ??= runtimeCore;
      return args;
    },
  };
}
