import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { AdminContext, defaultI18nProvider } from 'react-admin';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { authProvider, dataProvider, type Analytics, type AnalyticsRange, type FunnelDimension } from '../../api';
import { fakeApi, meAsAdmin, storeAdminSession } from '../../test/fakeApi';
import { funnel } from '../../test/records';
import AnalyticsPage from '../AnalyticsPage';
import { analyticsCsv, csvCell } from '../csv';

const analytics = (range: Analytics['range']): Analytics => ({
  range,
  stats: {
    newUsers: range === '7d' ? 3 : 42,
    activeUsers: 17,
    revenue: '$1,491.00',
    revenueByCurrency: [{ currency: 'USD', amount: '1491.00', formatted: '$1,491.00' }],
    completions: 9,
    quizAttempts: 40,
    quizPasses: 29,
    quizPassRate: 72.5,
    certificatesIssued: 6,
  },
  revenueCurrencies: ['USD'],
  userGrowth: [
    { month: 'Oct 2026', users: 30 },
    { month: 'Nov 2026', users: 12 },
  ],
  revenueData: [
    { month: 'Oct 2026', revenue: { USD: 994 } },
    { month: 'Nov 2026', revenue: { USD: 497 } },
  ],
  coursePerformance: [
    {
      courseId: 1,
      course: '=HYPERLINK("http://evil.example","click")',
      completions: 5,
      rating: 4.5,
      enrollments: 12,
      quizAttempts: 40,
      quizPassRate: 72.5,
      certificatesIssued: 6,
    },
    {
      courseId: 2,
      course: 'Traffic, "paid" and organic',
      completions: 4,
      rating: 4,
      enrollments: 8,
      quizAttempts: 0,
      quizPassRate: null,
      certificatesIssued: 0,
    },
  ],
  userActivity: ['2026-11-17', '2026-11-18', '2026-11-19', '2026-11-20', '2026-11-21'].map((date, i) => ({ date, activeUsers: 10 + i, newSignups: i })),
  recovery: { remindersSent: 12, recoveredSales: 2, revenue: '$994.00', revenueByCurrency: [{ currency: 'USD', amount: '994.00', formatted: '$994.00' }] },
});

/** The Sources section's answer: a range without a visit (FunnelSources.test.tsx is about the section). */
const noFunnel = (_body: unknown, url: URL) => ({
  body: funnel(url.searchParams.get('range') as AnalyticsRange, url.searchParams.get('dimension') as FunnelDimension),
});

/** jsdom's Blob has no text(); FileReader reads it. */
const readBlob = (blob: Blob) =>
  new Promise<string>((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error);
    reader.readAsText(blob);
  });

function renderPage() {
  return render(
    <AdminContext dataProvider={dataProvider} authProvider={authProvider} i18nProvider={defaultI18nProvider}>
      <AnalyticsPage />
    </AdminContext>,
  );
}

beforeEach(() => {
  localStorage.clear();
  storeAdminSession();
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('analytics CSV', () => {
  it('neutralises spreadsheet formulas and quotes separators', () => {
    expect(csvCell('=1+1')).toBe(`"'=1+1"`);
    expect(csvCell('+cmd')).toBe(`"'+cmd"`);
    expect(csvCell('-2+3')).toBe(`"'-2+3"`);
    expect(csvCell('@SUM(A1)')).toBe(`"'@SUM(A1)"`);
    expect(csvCell('\tx')).toBe(`"'\tx"`);
    expect(csvCell('a, "b"')).toBe(`"a, ""b"""`);
    expect(csvCell('plain')).toBe('plain');
    expect(csvCell(-5)).toBe('-5');
  });

  it('holds the stat cards, both series, the course table and only the last 4 days', () => {
    const lines = analyticsCsv(analytics('30d')).split('\r\n');
    expect(lines).toContain('New Users,42');
    expect(lines).toContain('Oct 2026,994');
    expect(lines).toContain('Month,Revenue (USD)');
    expect(lines).toContain('Course,Completions,Rating,Enrollments,Quiz attempts,Quiz pass rate (%),Certificates issued');
    expect(lines).toContain(`"'=HYPERLINK(""http://evil.example"",""click"")",5,4.5,12,40,72.5,6`);
    expect(lines).toContain('"Traffic, ""paid"" and organic",4,4,8,0,,0');
    expect(lines).toContain('Quiz Attempts,40');
    expect(lines).toContain('Quiz Pass Rate (%),72.5');
    expect(lines).toContain('Certificates Issued,6');
    expect(lines).not.toContain('2026-11-17,10,0');
    expect(lines).toContain('2026-11-21,14,4');
  });
});

describe('AnalyticsPage', () => {
  it('loads 30d by default, reloads on a range change and exports what it shows', async () => {
    const { calls } = fakeApi({
      'GET /api/auth/me': meAsAdmin,
      'GET /api/admin/analytics': (_body, url) => ({ body: analytics(url.searchParams.get('range') as Analytics['range']) }),
      'GET /api/admin/coupons/performance': () => ({ body: [] }),
      'GET /api/admin/analytics/funnel': noFunnel,
    });
    const blobs: Blob[] = [];
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL: (blob: Blob) => (blobs.push(blob), 'blob:csv'), revokeObjectURL: () => {} }));
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
    renderPage();

    expect(await screen.findByText('Loading analytics...')).toBeTruthy();
    expect((await screen.findByTestId('stat-New Users')).textContent).toBe('42');
    expect(calls.filter((c) => c.path === '/api/admin/analytics')).toHaveLength(1);
    expect(screen.getByText('Course Performance')).toBeTruthy();
    expect(screen.getByRole('link', { name: /^View =HYPERLINK/ }).getAttribute('href')).toMatch(/\/courses\/1\/show$/);
    expect(screen.getAllByText(/active users ·/)).toHaveLength(4);

    fireEvent.click(screen.getByRole('button', { name: 'Last 7 days' }));
    await waitFor(() => expect(screen.getByTestId('stat-New Users').textContent).toBe('3'));
    expect(calls.filter((c) => c.path === '/api/admin/analytics')).toHaveLength(2);

    fireEvent.click(screen.getByRole('button', { name: 'Export' }));
    expect(blobs).toHaveLength(1);
    const text = await readBlob(blobs[0]);
    expect(text).toBe(analyticsCsv(analytics('7d')));
    expect(text).toContain('New Users,3');
    expect(screen.getByTestId('stat-Revenue (USD)').textContent).toBe('$1,491.00');
  });

  it('shows quiz attempts, the pass rate and certificates issued, in total and per course', async () => {
    const data = analytics('30d');
    fakeApi({
      'GET /api/auth/me': meAsAdmin,
      'GET /api/admin/analytics': () => ({ body: data }),
      'GET /api/admin/coupons/performance': () => ({ body: [] }),
      'GET /api/admin/analytics/funnel': noFunnel,
    });
    renderPage();

    expect((await screen.findByTestId('stat-Quiz Attempts')).textContent).toBe('40');
    expect(screen.getByTestId('stat-Quiz Pass Rate').textContent).toBe('72.5%');
    expect(screen.getByTestId('stat-Certificates Issued').textContent).toBe('6');
    // Abandoned-checkout recovery: the sales whose checkout got a reminder, and the reminders sent.
    expect(screen.getByTestId('stat-Recovered revenue (USD)').textContent).toBe('$994.00');
    expect(screen.getByTestId('stat-Recovered sales').textContent).toBe('2');
    expect(screen.getByTestId('stat-Checkout reminders sent').textContent).toBe('12');
    const table = screen.getByRole('table', { name: 'Course Performance' });
    const rows = Array.from(table.querySelectorAll('tr')).map((tr) => Array.from(tr.children).map((c) => c.textContent));
    expect(rows[0]).toEqual(['Course', 'Completions', 'Rating', 'Enrollments', 'Quiz attempts', 'Pass rate', 'Certificates', 'Actions']);
    expect(rows[1].slice(3, 4)).toEqual(['12']);
    expect(rows[1].slice(4, 7)).toEqual(['40', '72.5%', '6']);
    // A course without quiz attempts has no pass rate rather than 0%.
    expect(rows[2].slice(4, 7)).toEqual(['0', '\u2014', '0']);
  });

  it('shows revenue per currency with its code (never summed): the card, a chart series and a CSV column each, and the coupon performance table', async () => {
    const twoCurrencies = analytics('30d');
    twoCurrencies.stats.revenue = '€120.00 · $497.00';
    twoCurrencies.stats.revenueByCurrency = [
      { currency: 'EUR', amount: '120.00', formatted: '€120.00' },
      { currency: 'USD', amount: '497.00', formatted: '$497.00' },
    ];
    twoCurrencies.revenueCurrencies = ['EUR', 'USD'];
    twoCurrencies.revenueData = [
      { month: 'Oct 2026', revenue: { EUR: 0, USD: 994 } },
      { month: 'Nov 2026', revenue: { EUR: 120, USD: 497 } },
    ];
    const lines = analyticsCsv(twoCurrencies).split('\r\n');
    expect(lines).toContain('Month,Revenue (EUR),Revenue (USD)');
    expect(lines).toContain('Oct 2026,0,994');
    expect(lines).toContain('Nov 2026,120,497');
    fakeApi({
      'GET /api/auth/me': meAsAdmin,
      'GET /api/admin/analytics': () => ({ body: twoCurrencies }),
      'GET /api/admin/analytics/funnel': noFunnel,
      'GET /api/admin/coupons/performance': () => ({
        body: [
          { code: 'SPRING20', currency: 'USD', redemptions: 2, revenue: '795.20', discount: '198.80' },
          { code: 'SPRING20', currency: 'EUR', redemptions: 1, revenue: '96.00', discount: '24.00' },
        ],
      }),
    });
    renderPage();

    expect((await screen.findByTestId('stat-Revenue')).textContent).toBe('€120.00 EUR · $497.00 USD');
    expect((await screen.findByTestId('chart-revenue')).getAttribute('aria-label')).toBe('Revenue. Oct 2026: €0 + $994, Nov 2026: €120 + $497');
    const table = await screen.findByRole('table', { name: 'Coupon Performance' });
    const rows = Array.from(table.querySelectorAll('tr')).map((tr) => Array.from(tr.children).map((c) => c.textContent));
    expect(rows).toEqual([
      ['Code', 'Redemptions', 'Revenue', 'Discount given'],
      ['SPRING20', '2', '$795.20 USD', '$198.80 USD'],
      ['SPRING20', '1', '€96.00 EUR', '€24.00 EUR'],
    ]);
  });
});
