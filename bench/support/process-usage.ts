import type { IntervalHistogram } from 'node:perf_hooks';

/** What a bench's API child reports when asked for `usage`: CPU so far, memory, and event-loop delay since the last report. */
export function processUsage(loopDelay: IntervalHistogram) {
  const usage = process.cpuUsage();
  const report = {
    type: 'usage',
    cpuSeconds: (usage.user + usage.system) / 1e6,
    rssMiB: process.memoryUsage().rss / 2 ** 20,
    loopDelayP99Ms: loopDelay.percentile(99) / 1e6,
    loopDelayMaxMs: loopDelay.max / 1e6,
  };
  loopDelay.reset();
  return report;
}
