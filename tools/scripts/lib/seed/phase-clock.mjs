// The seed's timing line: phase name → seconds, measured as the phases run.
export function phaseClock() {
  const seconds = {};
  return {
    seconds,
    async time(name, run) {
      const started = performance.now();
      try {
        return await run();
      } finally {
        seconds[name] = (performance.now() - started) / 1000;
      }
    },
  };
}
