import type { Server } from 'node:http';

/** Stops static servers a spec started, dropping their kept-alive connections. */
export function closeServers(servers: readonly Server[]): Promise<void[]> {
  return Promise.all(
    servers.map(
      (server) =>
        new Promise<void>((resolve) => {
          server.close(() => resolve());
          server.closeAllConnections();
        }),
    ),
  );
}
