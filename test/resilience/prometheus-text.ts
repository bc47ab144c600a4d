/**
 * Reading a /metrics answer (Prometheus text format) in the fault suite: the
 * sum of the samples of `name` whose labels include `labels`.
 */
export function figure(text: string, name: string, labels: Record<string, string> = {}): number {
  let sum = 0;
  for (const line of text.split('\n')) {
    const match = /^([\w:]+)(?:\{(.*)\})? (\S+)$/.exec(line);
    if (!match || match[1] !== name) continue;
    const have = Object.fromEntries([...(match[2] ?? '').matchAll(/(\w+)="([^"]*)"/g)].map((m) => [m[1], m[2]]));
    if (Object.entries(labels).every(([k, v]) => have[k] === v)) sum += Number(match[3]);
  }
  return sum;
}
