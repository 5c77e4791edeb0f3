import type { ModuleFederationRuntimePlugin } from '@module-federation/runtime';

declare function retryFailedSharesPlugin(): ModuleFederationRuntimePlugin;
export = retryFailedSharesPlugin;
