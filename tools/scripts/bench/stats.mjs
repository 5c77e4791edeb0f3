// Figures the benches print over their samples.

/** The `p`th percentile of `values` by nearest rank (p50 the median, p99 the slowest 1 %). */
export function percentile(values, p) {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
}
