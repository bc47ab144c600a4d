import { readFileSync } from 'node:fs';
import pg from 'pg';
import { expect, test } from './fixtures';
import { expectAccessible, signInAdmin } from './admin-session';

/**
 * A grid past the size where exact counts and offsets stay cheap, in the
 * built console: 12,000 audit entries written straight into the running
 * product's database (as years of admin work would have left them). The
 * total is shown as an estimate, pages go forward by cursor, a reload keeps
 * its page, a search narrows to an exact count, and the export streams the
 * rows of the current search.
 */
const MARKER = `scale${Date.now().toString(36)}`;
const ROWS = 12_000;

async function db<T>(work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: process.env.E2E_DATABASE_URL });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

test.beforeAll(async () => {
  await db(async (c) => {
    await c.query(
      `INSERT INTO audit_log (actor_email, action, resource, resource_id, summary, at)
       SELECT $1, 'update', 'users', i::text, $2 || ' bulk entry ' || i, now() - interval '1 day' - i * interval '1 second' FROM generate_series(1, $3::int) i`,
      [`${MARKER}@bulk.example.com`, MARKER, ROWS],
    );
    await c.query('ANALYZE audit_log');
  });
});

test.afterAll(async () => {
  await db(async (c) => {
    await c.query('DELETE FROM audit_log WHERE actor_email = $1', [`${MARKER}@bulk.example.com`]);
    // The planner's row count back to the small log, so the grids after this file count exactly again.
    await c.query('VACUUM ANALYZE audit_log');
  });
});

test('audit log at scale: estimated total, pages by cursor, reload keeps the page, exact count and export of a search', async ({ page }) => {
  await signInAdmin(page);
  await page.goto('/admin/audit-log');
  await expect(page.getByText(/^1-50 of about \d/)).toBeVisible();
  const firstRow = page.getByRole('row').nth(1);
  const pageOne = await firstRow.textContent();

  // Each page's rows are read once they replaced the previous page's (the grid keeps the old rows while the next page loads).
  await page.getByRole('button', { name: 'Go to next page' }).click();
  await expect(page.getByText(/^51-100 of about \d/)).toBeVisible();
  await expect(firstRow).not.toHaveText(pageOne!);
  const pageTwo = await firstRow.textContent();
  await page.getByRole('button', { name: 'Go to next page' }).click();
  await expect(page.getByText(/^101-150 of about \d/)).toBeVisible();
  await expect(firstRow).not.toHaveText(pageTwo!);
  const pageThree = await firstRow.textContent();

  await page.reload();
  await expect(page.getByText(/^101-150 of about \d/)).toBeVisible();
  await expect(firstRow).toHaveText(pageThree!);
  await page.getByRole('button', { name: 'Go to previous page' }).click();
  await expect(page.getByText(/^51-100 of about \d/)).toBeVisible();
  await expect(firstRow).toHaveText(pageTwo!);

  // bulk entry 1199 and 11990-11999: a small set, counted exactly, with numbered pages again.
  await page.getByPlaceholder('Search').fill(`${MARKER} bulk entry 1199`);
  await expect(page.getByText('1-11 of 11')).toBeVisible();
  await expect(page.getByRole('row')).toHaveCount(12);
  await expectAccessible(page);

  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export' }).click();
  const file = await download;
  expect(file.suggestedFilename()).toBe('audit-log.csv');
  const lines = readFileSync((await file.path())!, 'utf8')
    .trim()
    .split('\r\n');
  expect(lines[0]).toBe('id,at,actorEmail,action,resource,resourceId,summary');
  expect(lines).toHaveLength(12);
  expect(lines.slice(1).every((l) => l.includes(`${MARKER} bulk entry 1199`))).toBe(true);
});
