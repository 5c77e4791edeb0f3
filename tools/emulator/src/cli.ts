#!/usr/bin/env node
import { ConfigError, resolveConfig, usage } from './config';
import { IndexesLoadError, RulesLoadError, startEmulator, type RunningEmulator } from './index';

async function main(): Promise<void> {
  const argv = process.argv.slice(2);
  if (argv.includes('--help') || argv.includes('-h')) {
    process.stdout.write(`${usage()}\n`);
    return;
  }
  const config = resolveConfig(argv);
  const emulator: RunningEmulator = await startEmulator({
    projectId: config.projectId,
    host: config.host,
    allowedHosts: config.allowedHosts,
    firestorePort: config.firestorePort,
    storagePort: config.storagePort,
    dataDir: config.dataDir,
    firebaseJsonPath: config.firebaseJsonPath,
    importDir: config.importDir,
    watchRules: true,
    ...(config.dataBrowserPort === null ? {} : { dataBrowserPort: config.dataBrowserPort }),
    requireIndexes: config.requireIndexes,
    functionsEmulator: config.functionsEmulator,
    authEmulator: config.authEmulator,
  });
  const base = (port: number) => `http://${config.host}:${port}`;
  process.stdout.write(
    `emulator ready firestore=${base(emulator.firestorePort)} storage=${base(emulator.storagePort)}\n`,
  );
  if (emulator.dataBrowserUrl) {
    process.stdout.write(`data browser ready ${emulator.dataBrowserUrl}\n`);
  }

  let shuttingDown = false;
  const shutdown = (signal: string) => {
    if (shuttingDown) return;
    shuttingDown = true;
    process.stderr.write(`[emulator] ${signal}: shutting down\n`);
    void (async () => {
      try {
        if (config.exportOnExit) {
          await emulator.exportTo(config.exportOnExit);
          process.stderr.write(`[emulator] exported data to ${config.exportOnExit}\n`);
        }
        await emulator.stop();
        process.exit(0);
      } catch (err) {
        process.stderr.write(`[emulator] shutdown failed: ${(err as Error).stack ?? err}\n`);
        process.exit(1);
      }
    })();
  };
  process.on('SIGINT', () => shutdown('SIGINT'));
  process.on('SIGTERM', () => shutdown('SIGTERM'));
}

main().catch((err: unknown) => {
  if (err instanceof ConfigError) {
    process.stderr.write(`${err.message}\n\n${usage()}\n`);
    process.exit(2);
  }
  if (err instanceof RulesLoadError) {
    process.stderr.write(`[emulator] rules do not compile:\n${err.message}\n`);
    process.exit(1);
  }
  if (err instanceof IndexesLoadError) {
    process.stderr.write(`[emulator] ${err.message}\n`);
    process.exit(1);
  }
  const code = (err as NodeJS.ErrnoException).code;
  if (code === 'EADDRINUSE') {
    process.stderr.write(`[emulator] port in use: ${(err as Error).message}\n`);
    process.exit(1);
  }
  process.stderr.write(`[emulator] failed to start: ${(err as Error).stack ?? err}\n`);
  process.exit(1);
});
