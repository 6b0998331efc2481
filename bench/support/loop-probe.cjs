// Loaded into a process the bench starts (`node --require bench/support/loop-probe.cjs …`, see
// startProduct): watches that process's event loop, and on SIGUSR2 writes what it saw since the previous
// SIGUSR2 to BENCH_LOOP_PROBE_FILE and starts over. So a bench measures the longest pause of the API's
// thread (a garbage collection, the embedded database, a checkpoint) over exactly its measured window,
// without the product carrying bench code (issue 18, item 1).
const { writeFileSync } = require('node:fs');
const { monitorEventLoopDelay } = require('node:perf_hooks');

const file = process.env.BENCH_LOOP_PROBE_FILE;
if (file) {
  // 5 ms between samples: a pause shows as a sample that came that much late.
  const delay = monitorEventLoopDelay({ resolution: 5 });
  delay.enable();
  let seq = 0;
  process.on('SIGUSR2', () => {
    seq++;
    writeFileSync(file, JSON.stringify({ seq, maxMs: delay.max / 1e6, p99Ms: delay.percentile(99) / 1e6, count: delay.count }));
    delay.reset();
  });
}
