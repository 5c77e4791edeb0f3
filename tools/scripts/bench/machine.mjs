import os from 'node:os';

export function describeMachine() {
  return {
    date: new Date().toISOString().replace(/\.\d+Z$/, 'Z'),
    cpus: os.availableParallelism(),
    memoryGb: Math.round((os.totalmem() / 1024 ** 3) * 10) / 10,
    cpuModel: os.cpus()[0]?.model ?? 'unknown',
    load: os
      .loadavg()
      .map((n) => n.toFixed(2))
      .join(' '),
    node: process.version,
  };
}
