import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { AdminContext, defaultI18nProvider, Notification } from 'react-admin';
import { beforeEach, describe, expect, it } from 'vitest';
import { authProvider, dataProvider, type Analytics, type AnalyticsRange, type Funnel, type FunnelDimension } from '../../api';
import { captureDownloads } from '../../test/downloads';
import { fakeApi, meAsAdmin, storeAdminSession } from '../../test/fakeApi';
import { funnel, funnelRow } from '../../test/records';
import AnalyticsPage from '../AnalyticsPage';

const analytics = (range: Analytics['range']): Analytics => ({
  range,
  stats: {
    newUsers: 1,
    activeUsers: 1,
    revenue: '$0.00',
    revenueByCurrency: [],
    completions: 0,
    quizAttempts: 0,
    quizPasses: 0,
    quizPassRate: null,
    certificatesIssued: 0,
  },
  revenueCurrencies: [],
  userGrowth: [],
  revenueData: [],
  coursePerformance: [],
  userActivity: [],
  recovery: { remindersSent: 0, recoveredSales: 0, revenue: '$0.00', revenueByCurrency: [] },
});

/** The funnel the fake API answers for a range and dimension: an affiliate that sells, visits without a source, and a source with checkouts but no visit counted. */
const salesFunnel = (range: AnalyticsRange, dimension: FunnelDimension): Funnel =>
  funnel(range, dimension, {
    rows: [
      funnelRow('MAYA30', dimension === 'affiliate' ? 'Maya Blogger (MAYA30)' : 'newsletter', {
        visits: 1250,
        checkouts: 40,
        paid: 12,
        refunded: 1,
        checkoutRate: 0.032,
        paidRate: 0.3,
        conversionRate: 0.0096,
        refundRate: 0.0833,
      }),
      funnelRow('(none)', 'No affiliate', { visits: 300, checkoutRate: 0 }),
      funnelRow('LATE', 'Late tracker', { checkouts: 2, paidRate: 0 }),
    ],
    totals: funnelRow('', 'Total', {
      visits: 1550,
      checkouts: 42,
      paid: 12,
      refunded: 1,
      checkoutRate: 0.0271,
      paidRate: 0.2857,
      conversionRate: 0.0077,
      refundRate: 0.0833,
    }),
  });

const saved = captureDownloads();

function serveAnalytics(answer: (range: AnalyticsRange, dimension: FunnelDimension) => Funnel = salesFunnel) {
  return fakeApi({
    'GET /api/auth/me': meAsAdmin,
    'GET /api/admin/analytics': (_body, url) => ({ body: analytics(url.searchParams.get('range') as AnalyticsRange) }),
    'GET /api/admin/coupons/performance': () => ({ body: [] }),
    'GET /api/admin/analytics/funnel': (_body, url) => ({
      body: answer(url.searchParams.get('range') as AnalyticsRange, url.searchParams.get('dimension') as FunnelDimension),
    }),
    'GET /api/admin/analytics/funnel.csv': () => ({
      body: 'Source,Visits',
      headers: { 'Content-Type': 'text/csv', 'Content-Disposition': 'attachment; filename="funnel.csv"' },
    }),
  });
}

function renderPage() {
  render(
    <AdminContext dataProvider={dataProvider} authProvider={authProvider} i18nProvider={defaultI18nProvider}>
      <AnalyticsPage />
      <Notification />
    </AdminContext>,
  );
}

const sources = () => screen.getByRole('region', { name: 'Sources' });

/** The table's cells, row by row: the heading, the sources, then the totals. */
const cells = (table: HTMLElement) => Array.from(table.querySelectorAll('tr')).map((tr) => Array.from(tr.children).map((cell) => cell.textContent));

const funnelCalls = (calls: ReturnType<typeof fakeApi>['calls']) =>
  calls
    .filter((call) => call.path === '/api/admin/analytics/funnel')
    .map((call) => `${call.url.searchParams.get('range')} ${call.url.searchParams.get('dimension')}`);

async function chooseSourceType(label: string) {
  fireEvent.mouseDown(within(sources()).getByRole('combobox', { name: 'Source type' }));
  fireEvent.click(within(await screen.findByRole('listbox')).getByRole('option', { name: label }));
}

beforeEach(() => {
  localStorage.clear();
  storeAdminSession();
});

describe('the Sources section of the analytics page', () => {
  it('shows the funnel per affiliate for the page range, rates as percentages, a dash without a denominator, and the totals', async () => {
    const { calls } = serveAnalytics();
    renderPage();

    const table = await within(await screen.findByRole('region', { name: 'Sources' })).findByRole('table', { name: 'Sources' });
    expect(funnelCalls(calls)).toEqual(['30d affiliate']);
    expect(cells(table)).toEqual([
      ['Source', 'Visits', 'Checkouts', 'Paid', 'Refunded', 'Checkout rate', 'Paid rate', 'Conversion rate', 'Refund rate'],
      ['Maya Blogger (MAYA30)', '1,250', '40', '12', '1', '3.2%', '30.0%', '1.0%', '8.3%'],
      ['No affiliate', '300', '0', '0', '0', '0.0%', '\u2014', '\u2014', '\u2014'],
      ['Late tracker', '0', '2', '0', '0', '\u2014', '0.0%', '\u2014', '\u2014'],
      ['Total', '1,550', '42', '12', '1', '2.7%', '28.6%', '0.8%', '8.3%'],
    ]);
    // The totals close the table, apart from the sources.
    expect(cells(table.querySelector('tfoot')!)).toEqual([['Total', '1,550', '42', '12', '1', '2.7%', '28.6%', '0.8%', '8.3%']]);
    expect(calls.find((call) => call.path === '/api/admin/analytics/funnel')?.auth).toBe('Bearer admin-token');
  });

  it('asks again for the source type chosen, and for the range the page switches to', async () => {
    const { calls } = serveAnalytics();
    renderPage();
    await within(await screen.findByRole('region', { name: 'Sources' })).findByText('Maya Blogger (MAYA30)');

    fireEvent.mouseDown(within(sources()).getByRole('combobox', { name: 'Source type' }));
    const choices = within(await screen.findByRole('listbox')).getAllByRole('option');
    expect(choices.map((option) => option.textContent)).toEqual(['Affiliate', 'UTM source', 'UTM medium', 'UTM campaign', 'Referrer', 'Coupon']);
    fireEvent.click(choices[1]);
    await waitFor(() => expect(within(sources()).getByText('newsletter')).toBeTruthy());
    expect(within(sources()).getByRole('combobox', { name: 'Source type' }).textContent).toBe('UTM source');

    fireEvent.click(screen.getByRole('button', { name: 'Last 7 days' }));
    await waitFor(() => expect(funnelCalls(calls)).toEqual(['30d affiliate', '30d utm_source', '7d utm_source']));

    await chooseSourceType('Coupon');
    await waitFor(() => expect(funnelCalls(calls)).toEqual(['30d affiliate', '30d utm_source', '7d utm_source', '7d coupon']));
  });

  it('exports the CSV of the range and source type shown, with the session', async () => {
    const { calls } = serveAnalytics();
    renderPage();
    await within(await screen.findByRole('region', { name: 'Sources' })).findByText('Maya Blogger (MAYA30)');
    fireEvent.click(screen.getByRole('button', { name: 'Last 90 days' }));
    await chooseSourceType('Referrer');

    fireEvent.click(within(sources()).getByRole('button', { name: 'Export CSV' }));

    await waitFor(() => expect(saved).toEqual(['funnel.csv']));
    const exports = calls.filter((call) => call.path === '/api/admin/analytics/funnel.csv');
    expect(exports.map((call) => call.url.search)).toEqual(['?range=90d&dimension=referrer']);
    expect(exports[0].auth).toBe('Bearer admin-token');
  });

  it('says so when the range has no visit or checkout', async () => {
    serveAnalytics((range, dimension) => funnel(range, dimension));
    renderPage();

    expect(await within(await screen.findByRole('region', { name: 'Sources' })).findByText('No visits or checkouts in this range.')).toBeTruthy();
    expect(within(sources()).queryByRole('table')).toBeNull();
  });
});
