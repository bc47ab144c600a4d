import { expect, test } from './fixtures';
import { authHeader, expectAccessible, signInAdmin } from './admin-session';

test('analytics: 30d by default, each range reloads from the API and redraws the charts; axe', async ({ page, request }) => {
  const token = await signInAdmin(page);
  const first = page.waitForRequest((r) => r.url().includes('/api/admin/analytics?range=30d'));
  await page.goto('/admin/analytics');
  await first;
  await expect(page.getByRole('button', { name: 'Last 30 days' })).toHaveAttribute('aria-pressed', 'true');

  const growth = page.getByRole('figure', { name: /^User Growth\./ });
  const revenue = page.getByTestId('chart-revenue');
  for (const range of ['1y', '7d'] as const) {
    const expected = await (await request.get(`/api/admin/analytics?range=${range}`, { headers: authHeader(token) })).json();
    const reload = page.waitForResponse((r) => r.url().includes(`/api/admin/analytics?range=${range}`) && r.status() === 200);
    await page.getByRole('button', { name: range === '1y' ? 'Last year' : 'Last 7 days' }).click();
    await reload;
    await expect(page.getByTestId('stat-New Users')).toHaveText(expected.stats.newUsers.toLocaleString('en-US'));
    await expect(page.getByTestId('stat-Quiz Attempts')).toHaveText(expected.stats.quizAttempts.toLocaleString('en-US'));
    await expect(page.getByTestId('stat-Certificates Issued')).toHaveText(expected.stats.certificatesIssued.toLocaleString('en-US'));
    // The accessible summary lists every month of the series; the drawn x axis ends on the last one.
    const growthSummary = expected.userGrowth.map((p: { month: string; users: number }) => `${p.month}: ${p.users.toLocaleString('en-US')}`).join(', ');
    await expect(growth).toHaveAttribute('aria-label', `User Growth. ${growthSummary}`);
    // Revenue: a series per currency sold in (never summed), each month's figures in their own currency.
    const currencies: string[] = expected.revenueCurrencies;
    const whole = (v: number, c: string) => new Intl.NumberFormat('en-US', { style: 'currency', currency: c, maximumFractionDigits: 0 }).format(v);
    const revenueSummary = expected.revenueData
      .map((p: { month: string; revenue: Record<string, number> }) => `${p.month}: ${currencies.map((c) => whole(p.revenue[c], c)).join(' + ')}`)
      .join(', ');
    await expect(revenue).toHaveAttribute('aria-label', `${currencies.length === 1 ? `Revenue (${currencies[0]})` : 'Revenue'}. ${revenueSummary}`);
    // The drawn x axis shows only this range's months (recharts may skip some labels) and ends on the last one.
    const months = expected.userGrowth.map((p: { month: string }) => p.month);
    for (const chart of [growth, revenue]) {
      const monthTicks = chart.locator('.recharts-cartesian-axis-tick-value').filter({ hasText: /^[A-Z][a-z]{2} \d{4}$/ });
      await expect(monthTicks.last()).toHaveText(months.at(-1));
      for (const tick of await monthTicks.allTextContents()) expect(months).toContain(tick);
    }
    await expect(page.getByRole('list', { name: 'Recent user activity' }).getByRole('listitem')).toHaveCount(Math.min(4, expected.userActivity.length));
  }
  // 1y spans 12-13 months and 7d one or two, so the charts really changed between the two ranges.
  await expect(page.getByRole('heading', { name: 'Course Performance' })).toBeVisible();
  await expectAccessible(page);

  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export', exact: true }).click();
  const file = await download;
  expect(file.suggestedFilename()).toBe('analytics-7d.csv');
});
