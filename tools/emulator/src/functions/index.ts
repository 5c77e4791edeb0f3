export { buildCodebases, watchCodebases } from './build';
export { functionsCodebases, type Codebase } from './codebases';
export type { Endpoint, HostConfig } from './hostConfig';
export {
  startFunctionsEmulator,
  type FunctionsEmulatorOptions,
  type RunningFunctionsEmulator,
} from './launcher';
