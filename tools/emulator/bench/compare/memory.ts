import fs from 'node:fs';

/** Resident set size of a process (all its threads), bytes; null when it cannot be read. */
export function rssBytes(pid: number): number | null {
  try {
    const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
    const kb = /^VmRSS:\s+(\d+) kB$/m.exec(status);
    return kb ? Number(kb[1]) * 1024 : null;
  } catch {
    return null;
  }
}

export function mib(bytes: number): string {
  return `${(bytes / 2 ** 20).toFixed(0)} MB`;
}
