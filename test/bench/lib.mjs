import autocannon from 'autocannon';

/** Runs autocannon against a URL: warm-up, then the measured run. */
export async function load(url, { connections = 20, seconds = 10, warmupSeconds = 2, method = 'GET', headers, body, requests } = {}) {
  const options = { url, connections, method, headers, body, requests };
  if (warmupSeconds > 0) await autocannon({ ...options, duration: warmupSeconds });
  const result = await autocannon({ ...options, duration: seconds });
  return {
    rps: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.errors + result.non2xx,
    total: result.requests.total,
  };
}

export function printTable(title, rows) {
  console.log(`\n${title}`);
  const widths = rows[0].map((_, i) => Math.max(...rows.map((r) => String(r[i]).length)));
  for (const row of rows) console.log('  ' + row.map((cell, i) => String(cell).padEnd(widths[i])).join('  '));
}

export const fmt = (n, digits = 0) => Number(n).toFixed(digits);
