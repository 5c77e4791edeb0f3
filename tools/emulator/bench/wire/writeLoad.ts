import type { WriteStreamClient } from './writer';

/** Timings of one run of acknowledged writes. */
export interface WriteRun {
  count: number;
  elapsedMs: number;
  /** Send-to-acknowledgement time of each write, ms. */
  latencies: Float64Array;
}

/**
 * Sends `count` single-document writes (`makeWrite(index)`) keeping at most `depth` of them
 * unacknowledged: each acknowledgement releases the next write at once.
 */
export function runWrites(
  writer: WriteStreamClient,
  count: number,
  depth: number,
  makeWrite: (index: number) => unknown,
): Promise<WriteRun> {
  const latencies = new Float64Array(count);
  return new Promise((resolve, reject) => {
    let sent = 0;
    let acknowledged = 0;
    let failed = false;
    const start = performance.now();
    const launch = () => {
      const index = sent++;
      const sentAt = performance.now();
      writer.write([makeWrite(index)]).then(
        (ack) => {
          if (failed) return;
          const result = ack.writeResults[0] as { updateTime?: unknown } | undefined;
          if (typeof result?.updateTime !== 'string') {
            failed = true;
            reject(new Error(`write ${index} acknowledged without an updateTime`));
            return;
          }
          latencies[index] = performance.now() - sentAt;
          acknowledged++;
          if (sent < count) launch();
          else if (acknowledged === count) {
            resolve({ count, elapsedMs: performance.now() - start, latencies });
          }
        },
        (error: unknown) => {
          if (failed) return;
          failed = true;
          reject(error as Error);
        },
      );
    };
    for (let i = 0; i < Math.min(depth, count); i++) launch();
  });
}

/** The value below which `fraction` of the sorted samples fall (nearest rank). */
export function percentile(samples: Float64Array, fraction: number): number {
  if (samples.length === 0) return Number.NaN;
  const sorted = Float64Array.from(samples).sort();
  const rank = Math.min(sorted.length - 1, Math.max(0, Math.ceil(fraction * sorted.length) - 1));
  return sorted[rank]!;
}
