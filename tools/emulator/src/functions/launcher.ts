import { spawn } from 'node:child_process';
import os from 'node:os';
import path from 'node:path';
import readline from 'node:readline';
import { READY, type HostConfig } from './hostConfig';

export interface FunctionsEmulatorOptions extends HostConfig {
  /** Each routine line firebase-tools prints (function logs, reloads). */
  log?: (line: string) => void;
  /** Each warning or error line (a function that throws, a codebase that does not load). */
  onError?: (line: string) => void;
  /** How long loading the codebases may take (default 5 minutes: a busy 2-core machine). */
  readyTimeoutMs?: number;
  /**
   * The command that runs the host (node arguments); default the compiled host.js beside this
   * file. Tests running from the TypeScript sources pass a TypeScript runner.
   */
  hostEntry?: string[];
}

export interface RunningFunctionsEmulator {
  url: string;
  port: number;
  pid: number;
  /** Resolves with the exit code when the host process ends (for whatever reason). */
  exited: Promise<number | null>;
  /**
   * Turns the event triggers off (events are dropped) or back on, as the emulator hub's
   * `/functions/disableBackgroundTriggers` and `/enableBackgroundTriggers` do; resolves once done.
   */
  setBackgroundTriggers(enabled: boolean): Promise<void>;
  stop(): Promise<void>;
}

/** firebase-tools' colours would reach the terminal as escape codes in prefixed lines. */
function plainOutput(env: NodeJS.ProcessEnv): NodeJS.ProcessEnv {
  const { FORCE_COLOR: _forced, ...rest } = env;
  return { ...rest, NO_COLOR: '1' };
}

/**
 * How many function invocations firebase-tools' Functions emulator runs at once
 * (`FUNCTIONS_EMULATOR_PARALLEL`, its default 50). Each one without an idle worker starts a
 * worker process of its own (about 120 MB, seconds to start): a burst of events (the seed's
 * hundreds of uploads, each handed to every Storage function) started dozens at once on 2 cores,
 * none of which came up within firebase-tools' 30 s, and starved the emulators beside them.
 * Two per core keeps the cores busy; the rest wait in its queue. The environment still wins.
 */
function boundedParallelism(env: NodeJS.ProcessEnv): NodeJS.ProcessEnv {
  const parallel = env['FUNCTIONS_EMULATOR_PARALLEL'] ?? String(2 * os.availableParallelism());
  return { ...env, FUNCTIONS_EMULATOR_PARALLEL: parallel };
}

/**
 * How long firebase-tools waits for a function's worker process to answer, and for a codebase's
 * definitions (`FUNCTIONS_DISCOVERY_TIMEOUT`, seconds; its defaults 30 and 10). On a 2-core
 * machine running browsers and builds beside it, a worker took longer than 30 s to start: the
 * event then failed with "Failed to load function." and waited for its retry. Two minutes still
 * ends a worker that never comes up. The environment still wins.
 */
function patientWorkerStart(env: NodeJS.ProcessEnv): NodeJS.ProcessEnv {
  return { ...env, FUNCTIONS_DISCOVERY_TIMEOUT: env['FUNCTIONS_DISCOVERY_TIMEOUT'] ?? '120' };
}

/** Starts firebase-tools' Functions emulator (host.ts) and resolves once its functions are loaded. */
export function startFunctionsEmulator(
  options: FunctionsEmulatorOptions,
): Promise<RunningFunctionsEmulator> {
  const { log = () => undefined, onError = () => undefined, readyTimeoutMs = 300_000 } = options;
  const config: HostConfig = {
    projectId: options.projectId,
    projectDir: options.projectDir,
    host: options.host,
    port: options.port,
    codebases: options.codebases,
    firestore: options.firestore,
    ...(options.auth ? { auth: options.auth } : {}),
    ...(options.storage ? { storage: options.storage } : {}),
    ...(options.relay ? { relay: options.relay } : {}),
    ...(options.retry ? { retry: options.retry } : {}),
  };
  const entry = options.hostEntry ?? [path.join(__dirname, 'host.js')];
  const child = spawn(process.execPath, [...entry, JSON.stringify(config)], {
    cwd: options.projectDir,
    // The IPC channel lets the host notice this process is gone, however it ended.
    stdio: ['ignore', 'pipe', 'pipe', 'ipc'],
    env: patientWorkerStart(boundedParallelism(plainOutput(process.env))),
  });
  const lastErrors: string[] = [];
  readline.createInterface({ input: child.stderr! }).on('line', (line) => {
    if (line.trim() === '') return;
    lastErrors.push(line);
    lastErrors.splice(0, Math.max(0, lastErrors.length - 8));
    onError(line);
  });
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  const url = `http://${options.host}:${options.port}`;
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) {
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 15_000);
      await exited;
      clearTimeout(timer);
    }
  };
  const setBackgroundTriggers = (enabled: boolean) =>
    new Promise<void>((resolve) => {
      const done = (message: unknown) => {
        if ((message as { backgroundTriggers?: unknown } | null)?.backgroundTriggers !== enabled)
          return;
        child.off('message', done);
        resolve();
      };
      child.on('message', done);
      child.send({ backgroundTriggers: enabled });
    });
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      void stop();
      reject(
        new Error(`the Functions emulator did not load its functions in ${readyTimeoutMs} ms`),
      );
    }, readyTimeoutMs);
    readline.createInterface({ input: child.stdout! }).on('line', (line) => {
      if (line.startsWith(READY)) {
        clearTimeout(timer);
        resolve({
          url,
          port: options.port,
          pid: child.pid ?? -1,
          exited,
          setBackgroundTriggers,
          stop,
        });
      } else if (line.trim() !== '') log(line);
    });
    void exited.then((code) => {
      clearTimeout(timer);
      const why = lastErrors.length > 0 ? `:\n${lastErrors.join('\n')}` : '';
      reject(new Error(`the Functions emulator exited with code ${code}${why}`));
    });
  });
}
