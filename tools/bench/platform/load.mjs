// Load generation with autocannon (in this process, one thread, keep-alive connections).
import autocannon from 'autocannon';
import { startCpuCount } from './process-cpu.mjs';

/**
 * Runs a warm-up (results discarded), then the measured run, and returns the measured run's figures.
 * `bodies(i)` gives each request its own body and `paths(i)` its own path; `i` keeps counting from the
 * warm-up into the measured run, so no two requests of one call carry the same body.
 */
export async function measure({
  url,
  method = 'GET',
  path = '/',
  headers = {},
  body,
  bodies,
  paths,
  connections = 50,
  durationSeconds = 10,
  warmupSeconds = 2,
}) {
  let i = 0;
  // setupRequest runs for every request autocannon sends (plus once per connection when it is set up).
  // `paths(i)` spreads reads over many entities, so the figure is not that of one hot row.
  const requests =
    bodies || paths
      ? [
          {
            setupRequest: (req) => ({
              ...req,
              ...(bodies ? { body: bodies(i) } : {}),
              ...(paths ? { path: paths(i) } : {}),
              _: i++,
            }),
          },
        ]
      : undefined;
  const options = { url: new URL(path, url).href, method, headers, body, requests, connections };

  if (warmupSeconds > 0) await autocannon({ ...options, duration: warmupSeconds });
  const cpu = startCpuCount();
  const result = await autocannon({ ...options, duration: durationSeconds });

  return {
    // req/s is the median of autocannon's per-second samples (`requests.p50`; autocannon 9 has no
    // `requests.median` field). The median ignores one slow second (a checkpoint, a GC pause, the ramp
    // at the start), as the reference harness did; `requests.average` is the mean of the same samples.
    // Non-2xx responses count too, so check `non2xx` before trusting the figure.
    requestsPerSecond: result.requests.p50,
    // autocannon records latency in an integer histogram, so these are whole milliseconds,
    // and only 2xx responses are recorded.
    p50Ms: result.latency.p50,
    p99Ms: result.latency.p99,
    errors: result.errors, // connection errors, including timeouts
    non2xx: result.non2xx,
    // CPU per request of each process group over the measured run (the warm-up left out).
    cpu: cpu.perRequest(result.requests.total),
  };
}

const WIDTHS = [34, 10, 9, 9, 10];

export function formatHeader() {
  const [label, ...rest] = ['', 'req/s', 'p50 ms', 'p99 ms', 'vs base'];
  return label.padEnd(WIDTHS[0]) + rest.map((text, k) => text.padStart(WIDTHS[k + 1])).join('');
}

/**
 * One aligned line: label, req/s, p50, p99, and ours/baseline when a baseline is given (req/s over
 * req/s, unless the caller passes the ratio it measured otherwise).
 */
export function formatRow(
  label,
  result,
  baseline,
  ratio = baseline && result.requestsPerSecond / baseline.requestsPerSecond,
) {
  const cells = [
    String(Math.round(result.requestsPerSecond)),
    String(result.p50Ms),
    String(result.p99Ms),
    ratio === undefined ? '' : `${ratio.toFixed(2)}×`,
  ];
  let line =
    label.padEnd(WIDTHS[0]) + cells.map((text, k) => text.padStart(WIDTHS[k + 1])).join('');
  // Failed requests make the other figures meaningless; never let them go unnoticed.
  if (result.errors || result.non2xx)
    line += `  (${result.errors} errors, ${result.non2xx} non-2xx)`;
  return line.trimEnd();
}
