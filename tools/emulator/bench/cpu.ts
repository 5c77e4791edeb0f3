import fs from 'node:fs';

/** CPU time (ms) used so far by this process and, separately, by all its descendants. */
export interface CpuSample {
  self: number;
  descendants: number;
}

interface ProcStat {
  parent: number;
  cpuMs: number;
}

const TICK_MS = 10; // USER_HZ is 100 on Linux

function readStat(pid: string): ProcStat | null {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    // Fields after the command name, which may itself contain spaces and parentheses.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return {
      parent: Number(fields[1]),
      cpuMs: (Number(fields[11]) + Number(fields[12])) * TICK_MS,
    };
  } catch {
    return null; // exited meanwhile
  }
}

/** CPU time (ms, user + system, all threads) used so far by one process; null if unreadable. */
export function processCpuMs(pid: number): number | null {
  return readStat(String(pid))?.cpuMs ?? null;
}

/**
 * Time (ms) the threads of a process have spent runnable but waiting for a core, summed (the run
 * queue, /proc/<pid>/task/<tid>/schedstat): on a shared machine, what a busy neighbour costs a
 * server. Summed over threads so that a JVM, whose main thread only waits, reads the same way as
 * Node's event loop.
 */
export function runQueueWaitMs(pid: number): number | null {
  try {
    let total = 0;
    for (const tid of fs.readdirSync(`/proc/${pid}/task`)) {
      try {
        const fields = fs.readFileSync(`/proc/${pid}/task/${tid}/schedstat`, 'utf8').split(' ');
        total += Number(fields[1]) / 1e6;
      } catch {
        // the thread ended meanwhile
      }
    }
    return total;
  } catch {
    return null;
  }
}

/**
 * Reads /proc (Linux only; null elsewhere). On a small shared machine the throughput figure is
 * bounded by CPU, most of it spent in the browser, so the benchmark prints where it went.
 */
export function sampleCpu(): CpuSample | null {
  if (!fs.existsSync('/proc/self/stat')) return null;
  const stats = new Map<number, ProcStat>();
  for (const entry of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    const stat = readStat(entry);
    if (stat) stats.set(Number(entry), stat);
  }
  const isDescendant = (pid: number): boolean => {
    for (let p = stats.get(pid)?.parent; p !== undefined && p > 1; p = stats.get(p)?.parent) {
      if (p === process.pid) return true;
    }
    return false;
  };
  let descendants = 0;
  for (const [pid, stat] of stats) if (isDescendant(pid)) descendants += stat.cpuMs;
  return { self: stats.get(process.pid)?.cpuMs ?? 0, descendants };
}
