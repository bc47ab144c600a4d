import type { Analytics } from '../api';

type Cell = string | number;

/**
 * One CSV cell. Text that a spreadsheet would run as a formula (=, +, -, @,
 * tab, carriage return) gets a leading apostrophe; quotes are doubled.
 */
export function csvCell(value: Cell): string {
  if (typeof value === 'number') return Number.isFinite(value) ? String(value) : '';
  const text = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(text) || text !== value ? `"${text.replace(/"/g, '""')}"` : text;
}

const rows = (cells: Cell[][]) => cells.map((row) => row.map(csvCell).join(',')).join('\r\n');

/** Everything the analytics page shows for one range, as one CSV document with a block per table. */
export function analyticsCsv(data: Analytics): string {
  const last4 = data.userActivity.slice(-4);
  const blocks = [
    rows([
      ['Range', data.range],
      ['New Users', data.stats.newUsers],
      ['Active Users', data.stats.activeUsers],
      ['Revenue', data.stats.revenue],
      ['Course Completions', data.stats.completions],
      ['Quiz Attempts', data.stats.quizAttempts],
      ['Quiz Pass Rate (%)', data.stats.quizPassRate ?? ''],
      ['Certificates Issued', data.stats.certificatesIssued],
    ]),
    rows([['Month', 'New users'], ...data.userGrowth.map((m) => [m.month, m.users])]),
    // One revenue column per currency: amounts in different currencies are never added up.
    rows([
      ['Month', ...data.revenueCurrencies.map((c) => `Revenue (${c})`)],
      ...data.revenueData.map((m) => [m.month, ...data.revenueCurrencies.map((c) => m.revenue[c] ?? 0)]),
    ]),
    rows([
      ['Course', 'Completions', 'Rating', 'Enrollments', 'Quiz attempts', 'Quiz pass rate (%)', 'Certificates issued'],
      ...data.coursePerformance.map((c) => [c.course, c.completions, c.rating, c.enrollments, c.quizAttempts, c.quizPassRate ?? '', c.certificatesIssued]),
    ]),
    rows([['Date', 'Active users', 'New signups'], ...last4.map((d) => [d.date, d.activeUsers, d.newSignups])]),
  ];
  return `${blocks.join('\r\n\r\n')}\r\n`;
}
