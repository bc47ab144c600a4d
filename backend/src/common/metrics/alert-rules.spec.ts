import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parse } from 'yaml';
import { clusterGauges, metricsRegistry } from './metrics';

const ROOT = join(__dirname, '..', '..', '..', '..');

interface Rule {
  alert: string;
  expr: string;
  for?: string;
  labels: { severity: string };
  annotations: { summary: string; runbook_url: string };
}

const rules: Rule[] = (parse(readFileSync(join(ROOT, 'ops/prometheus/alerts.yml'), 'utf8')) as { groups: Array<{ rules: Rule[] }> }).groups.flatMap(
  (g) => g.rules,
);
const runbook = readFileSync(join(ROOT, 'docs/runbook.md'), 'utf8');
/** GitHub's heading anchors: lower case, spaces to dashes, punctuation dropped. */
const anchors = new Set(
  [...runbook.matchAll(/^## (.+)$/gm)].map((m) =>
    m[1]
      .trim()
      .toLowerCase()
      .replace(/[^\w\s-]/g, '')
      .replace(/\s+/g, '-'),
  ),
);

/** Every series name the product exports (a histogram's _bucket/_count/_sum included), plus Prometheus's own `up`. */
async function exportedNames(): Promise<Set<string>> {
  const names = new Set(['up']);
  const metrics = [
    ...(await metricsRegistry.getMetricsAsJSON()),
    ...Object.values(clusterGauges).map((g) => ({ name: (g as unknown as { name: string }).name, type: 'gauge' })),
  ];
  for (const m of metrics) {
    names.add(m.name);
    if (m.type === 'histogram') for (const suffix of ['_bucket', '_count', '_sum']) names.add(`${m.name}${suffix}`);
  }
  return names;
}

/** Series names an expression reads: identifiers followed by a selector, a range or a comparison, that are not PromQL's own words. */
function seriesIn(expr: string): string[] {
  const words = new Set(['sum', 'max', 'min', 'avg', 'by', 'without', 'rate', 'increase', 'histogram_quantile', 'clamp_min', 'or', 'and', 'unless', 'le']);
  const bare = expr.replace(/\{[^}]*\}/g, '{}').replace(/\b(by|without)\s*\([^)]*\)/g, ' ');
  const names = [...bare.matchAll(/\b([a-zA-Z_:][\w:]*)\s*(?=\{|\[|\)|\s*[><=!]|$)/g)].map((m) => m[1]);
  return [...new Set(names.filter((n) => !words.has(n) && !/^\d/.test(n)))];
}

describe('the Prometheus alert rules (ops/prometheus/alerts.yml)', () => {
  it('has the alerts the operators were promised, each with a severity, a summary and its runbook entry', () => {
    expect(rules.map((r) => r.alert)).toEqual(expect.arrayContaining(['DeadLetters', 'OwedWorkOld', 'IpnToAccessSlow', 'DatabasePoolWaiting', 'MailFailures']));
    for (const rule of rules) {
      expect(['page', 'warn']).toContain(rule.labels.severity);
      expect(rule.annotations.summary.length).toBeGreaterThan(10);
      const anchor = /^docs\/runbook\.md#([\w-]+)$/.exec(rule.annotations.runbook_url)?.[1];
      expect({ alert: rule.alert, anchor: anchor && anchors.has(anchor) ? anchor : 'missing' }).toEqual({
        alert: rule.alert,
        anchor: rule.alert.toLowerCase(),
      });
    }
  });

  it('reads only series the product exports, with label values it uses', async () => {
    const names = await exportedNames();
    for (const rule of rules) {
      const series = seriesIn(rule.expr);
      expect(series.length).toBeGreaterThan(0);
      for (const name of series)
        expect({ alert: rule.alert, series: name, exported: names.has(name) }).toEqual({ alert: rule.alert, series: name, exported: true });
    }
    const exprs = rules.map((r) => r.expr).join('\n');
    expect(exprs).toContain('outcome="failed"');
    expect(exprs).toContain('state="waiting"');
  });

  it('gives every alert of the runbook a rule (no entry left for an alert that no longer exists)', () => {
    expect([...anchors].sort()).toEqual(rules.map((r) => r.alert.toLowerCase()).sort());
  });
});
