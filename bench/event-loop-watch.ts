import { performance } from 'node:perf_hooks';

/**
 * The longest the event loop went without a turn while a phase ran (a timer every 5 ms): the API
 * process runs the job worker (bulk jobs, HTS imports) and renders reports in the request, so this
 * is how long its other requests could be kept waiting. Also the peak resident memory seen meanwhile.
 */
export function watchEventLoop(): { stop: () => { longestStallMs: number; peakRss: number } } {
  let last = performance.now();
  let longest = 0;
  let peakRss = process.memoryUsage().rss;
  const timer = setInterval(() => {
    const now = performance.now();
    longest = Math.max(longest, now - last);
    last = now;
    peakRss = Math.max(peakRss, process.memoryUsage().rss);
  }, 5);
  return {
    stop: () => {
      clearInterval(timer);
      return { longestStallMs: Math.max(longest, performance.now() - last), peakRss };
    },
  };
}
