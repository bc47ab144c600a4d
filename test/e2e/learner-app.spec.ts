import { expect, test } from './fixtures';
import { buyAccount, demoLearner, expectAccessible, lastMailTo, signInOnPage } from './learner-helpers';

/** The reset link of the last captured email sent to `to`. */
const resetLinkFor = (to: string): string | undefined => lastMailTo(to, 'password-reset')?.text.match(/https?:\/\/\S+\/reset-password\?token=\S+/)?.[0];

test.describe('learner app', () => {
  test('guards learner routes and returns to the wanted page after sign-in', async ({ page, request }) => {
    const learner = await demoLearner(request);
    await page.goto('/dashboard/roi-calculator');
    await expect(page).toHaveURL(/\/login\?redirect=%2Fdashboard%2Froi-calculator$/);
    await expect(page.getByTestId('demo-hint')).toContainText(learner.email);
    await signInOnPage(page, learner);
    await expect(page).toHaveURL(/\/dashboard\/roi-calculator$/);
    await expect(page.getByRole('heading', { level: 1, name: 'ROI Calculator' })).toBeVisible();

    await page.goto('/dashboard');
    await expect(page).toHaveURL(/\/dashboard\/courses$/);
    await page.goto('/dashboard/no-such-section');
    await expect(page.getByRole('heading', { name: /Continue Learning/ })).toBeVisible();
    await expect(page.getByRole('heading', { level: 1, name: 'Courses' })).toBeVisible();
  });

  test('a sign-in link with a return address takes what is typed at once, however late the app starts', async ({ page, request }) => {
    const learner = await demoLearner(request);
    // The app's code arrives a second late (a slow phone): the prerendered sign-in page must not take typing meanwhile
    // that the app would then throw away (the address has a query string the prerendered page did not know).
    await page.route('**/assets/start-*.js', async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 1_000));
      await route.continue();
    });
    await page.goto('/login?redirect=%2Fdashboard%2Froi-calculator');
    await signInOnPage(page, learner);
    await expect(page).toHaveURL(/\/dashboard\/roi-calculator$/);
    await expect(page.getByRole('heading', { level: 1, name: 'ROI Calculator' })).toBeVisible();
  });

  test('shows the server error on a failed sign-in', async ({ page, request }) => {
    const learner = await demoLearner(request);
    await page.goto('/login');
    const signIn = page.getByRole('button', { name: 'Sign In' });
    await expect(signIn).toBeDisabled();
    await signInOnPage(page, { email: learner.email, password: 'not-the-password' });
    await expect(page.getByRole('alert')).toHaveText(`Invalid credentials. Please use ${learner.email} / ${learner.password}`);
    await expect(page).toHaveURL(/\/login$/);
    await page.getByRole('link', { name: 'Forgot password?' }).click();
    await expect(page).toHaveURL(/\/forgot-password$/);
    await page.getByLabel('Email address').fill(learner.email);
    await page.getByRole('button', { name: 'Send Reset Link' }).click();
    await expect(page.getByRole('status')).toContainText('If an account exists for this email');
  });

  test('forgot password: the emailed link sets a new password that signs in', async ({ page, request }) => {
    const email = `reset.${Date.now()}@example.com`;
    await buyAccount(request, email, 'First!Pass1');
    await page.goto('/forgot-password');
    await page.getByLabel('Email address').fill(email);
    await page.getByRole('button', { name: 'Send Reset Link' }).click();
    await expect(page.getByRole('status')).toContainText('If an account exists for this email');
    let link: string | undefined;
    await expect(() => expect((link = resetLinkFor(email))).toBeTruthy()).toPass({ timeout: 15_000 });

    const url = new URL(link!);
    await page.goto(`${url.pathname}${url.search}`);
    await page.getByLabel('New password', { exact: true }).fill('weakpass');
    await expect(page.getByText('Please choose a stronger password')).toBeVisible();
    await page.getByLabel('New password', { exact: true }).fill('Second!Pass2');
    await page.getByLabel('Confirm new password').fill('Second!Pass2');
    await page.getByRole('button', { name: 'Set New Password' }).click();
    await expect(page.getByRole('status')).toContainText('Your password has been changed');
    await page.getByRole('link', { name: 'Sign In' }).click();
    await signInOnPage(page, { email, password: 'Second!Pass2' });
    await expect(page).toHaveURL(/\/dashboard\/courses$/);

    // The link is single-use, and says so as soon as it is opened again (no form to fill in vain).
    await page.goto(`${url.pathname}${url.search}`);
    await expect(page.getByRole('alert')).toContainText('invalid or has expired');
    await expect(page.getByLabel('New password', { exact: true })).toHaveCount(0);
    await expect(page.getByRole('link', { name: 'Ask for a new link' })).toBeVisible();
  });

  test('courses: a failing catalogue shows the error and the two fallback courses', async ({ page, request }) => {
    await page.goto('/login?redirect=%2Fdashboard%2Fcourses');
    await signInOnPage(page, await demoLearner(request));
    await expect(page.getByRole('heading', { name: /Continue Learning/ })).toBeVisible();
    await page.route('**/api/courses', (route) => route.fulfill({ status: 500, contentType: 'application/json', body: '{"statusCode":500,"message":"boom"}' }));
    await page.reload();
    await expect(page.getByRole('alert')).toContainText('Error loading courses: Failed to fetch courses');
    await expect(page.getByRole('alert')).toContainText('Showing fallback courses');
    await expect(page.getByRole('link', { name: /^Open Course/ })).toHaveCount(2);
  });

  test('ROI calculator: one case per band, and invalid input clears the results', async ({ page, request }) => {
    await page.goto('/login?redirect=%2Fdashboard%2Froi-calculator');
    await signInOnPage(page, await demoLearner(request));
    const investment = page.getByLabel('Campaign Investment');
    const revenue = page.getByLabel('Campaign Revenue');
    const results = page.getByTestId('roi-results');
    const cases = [
      ['1000', '2500', '1.50x', '150.0%', '$1500.00', 'Excellent! Your campaign is highly profitable.'],
      ['1000', '1600', '0.60x', '60.0%', '$600.00', 'Good! Your campaign is generating solid returns.'],
      ['1000', '1100', '0.10x', '10.0%', '$100.00', 'Break-even or small profit. Consider optimizing your campaign.'],
      ['1000', '400', '-0.60x', '-60.0%', '-$600.00', 'Loss detected. Review your campaign strategy and costs.'],
    ];
    for (const [inv, rev, ratio, percent, profit, text] of cases) {
      await investment.fill(inv);
      await revenue.fill(rev);
      await page.getByRole('button', { name: 'Calculate ROI' }).click();
      for (const expected of [ratio, percent, profit, text]) await expect(results).toContainText(expected);
    }
    await investment.fill('0');
    await page.getByRole('button', { name: 'Calculate ROI' }).click();
    await expect(results).toHaveCount(0);
  });

  test('a deep link to a lesson survives a reload', async ({ page, request }) => {
    const courses = (await (await request.get('/api/courses')).json()).courses as Array<{ id: number }>;
    const course = (await (await request.get(`/api/courses/${courses[0].id}`)).json()).course as {
      id: number;
      title: string;
      lessons: Array<{ id: number; title: string }>;
    };
    expect(course.lessons.length).toBeGreaterThan(1);
    const second = course.lessons[1];
    await page.goto(`/login?redirect=${encodeURIComponent(`/course/${course.id}?lesson=${second.id}`)}`);
    await signInOnPage(page, await demoLearner(request));
    await expect(page.getByText(`Lesson 2 of ${course.lessons.length}`)).toBeVisible();
    await page.reload();
    await expect(page.getByRole('heading', { level: 1, name: course.title })).toBeVisible();
    await expect(page.getByText(`Lesson 2 of ${course.lessons.length}`)).toBeVisible();
    await expect(page.getByRole('heading', { level: 2, name: second.title })).toBeVisible();
    await page.getByRole('button', { name: /Previous Lesson/ }).click();
    await expect(page.getByText(`Lesson 1 of ${course.lessons.length}`)).toBeVisible();
    await expect(page.getByRole('button', { name: /Previous Lesson/ })).toBeDisabled();
  });

  test('the viewer reloads the course when the window regains focus', async ({ page, request }) => {
    const email = `focus.${Date.now()}@example.com`;
    await buyAccount(request, email, 'Focus!Pass1');
    const courses = (await (await request.get('/api/courses')).json()).courses as Array<{ id: number }>;
    await page.goto(`/login?redirect=${encodeURIComponent(`/course/${courses[0].id}`)}`);
    await signInOnPage(page, { email, password: 'Focus!Pass1' });
    await expect(page.getByTestId('progress-count')).toHaveText(/^0 \/ \d+ lessons$/);

    // Progress made elsewhere (another tab or device) shows once the learner comes back to this window.
    const login = await request.post('/api/auth/login', { data: { email, password: 'Focus!Pass1' } });
    const headers = { authorization: `Bearer ${(await login.json()).token}` };
    const course = (await (await request.get(`/api/courses/${courses[0].id}`, { headers })).json()).course as { lessons: Array<{ id: number }> };
    expect((await request.post(`/api/courses/${courses[0].id}/lessons/${course.lessons[0].id}/complete`, { headers, data: {} })).ok()).toBe(true);
    await page.evaluate(() => {
      window.dispatchEvent(new Event('blur'));
      window.dispatchEvent(new Event('focus'));
    });
    await expect(page.getByTestId('progress-count')).toHaveText(/^1 \/ \d+ lessons$/);
  });

  test('/course/{id}/edit sends an admin to the admin course editor and anyone else to the admin login', async ({ page, request }) => {
    await page.goto('/course/1/edit');
    await expect(page).toHaveURL(/\/admin\/login$/);

    const config = await (await request.get('/api/public-config')).json();
    const { token } = await (await request.post('/api/admin/login', { data: config.demoCredentials.admin })).json();
    await page.evaluate((adminToken) => {
      localStorage.setItem('adminToken', adminToken);
      localStorage.setItem('isAdminAuthenticated', 'true');
    }, token);
    await page.goto('/course/1/edit');
    await expect(page).toHaveURL(/\/admin\/course\/1\/edit$/);
  });

  test('360 px: the sidebar collapses behind a toggle with an overlay, and nothing overflows', async ({ page, request }) => {
    await page.setViewportSize({ width: 360, height: 740 });
    for (const [path, ready] of [
      ['/', 'GET ACCESS'],
      ['/payment', 'Pay Now'],
      ['/login', 'Sign In'],
      ['/refund-policy', 'Refund Policy'],
    ]) {
      await page.goto(path);
      await expect(page.getByText(ready, { exact: true }).first()).toBeVisible();
      expect(await page.evaluate(() => document.documentElement.scrollWidth), path).toBeLessThanOrEqual(360);
    }
    await page.goto('/login?redirect=%2Fdashboard%2Fcourses');
    await signInOnPage(page, await demoLearner(request));
    await expect(page).toHaveURL(/\/dashboard\/courses$/);
    const sections = page.getByRole('navigation', { name: 'Sections' });
    await expect(sections).toBeHidden();
    const toggle = page.getByRole('button', { name: 'Open menu' });
    await toggle.click();
    await expect(sections).toBeVisible();
    await expect(page.getByRole('button', { name: 'Close menu' })).toHaveAttribute('aria-expanded', 'true');
    await page.getByTestId('sidebar-overlay').click({ position: { x: 340, y: 400 } });
    await expect(sections).toBeHidden();
    // Keyboard: opening moves the focus into the sidebar, Escape closes it and returns to the toggle.
    await toggle.focus();
    await page.keyboard.press('Enter');
    await expect(sections.getByRole('link', { name: 'Courses' })).toBeFocused();
    await page.keyboard.press('Escape');
    await expect(sections).toBeHidden();
    await expect(toggle).toBeFocused();
    await toggle.click();
    await sections.getByRole('link', { name: 'ROI Calculator' }).click();
    await expect(page).toHaveURL(/\/dashboard\/roi-calculator$/);
    await expect(sections).toBeHidden();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    for (const section of ['content-database', 'toolbox', 'affiliate']) {
      await page.goto(`/dashboard/${section}`);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      await page.waitForLoadState('networkidle');
      expect(await page.evaluate(() => document.documentElement.scrollWidth), section).toBeLessThanOrEqual(360);
    }
    await page.goto('/dashboard/courses');
    await page
      .getByRole('link', { name: /^Open Course/ })
      .first()
      .click();
    await expect(page.getByText(/^Lesson \d+ of \d+$/)).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth), 'viewer').toBeLessThanOrEqual(360);
  });

  test('axe: no serious or critical violations on landing, payment, login, dashboard and viewer', async ({ page, request }) => {
    await page.goto('/');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expectAccessible(page);
    await page.goto('/payment');
    await expect(page.getByRole('heading', { name: 'Lifetime Access' })).toBeVisible();
    await expectAccessible(page);
    await page.goto('/login?redirect=%2Fdashboard%2Fcourses');
    await expect(page.getByRole('button', { name: 'Sign In' })).toBeVisible();
    await expectAccessible(page);
    await signInOnPage(page, await demoLearner(request));
    await expect(page.getByRole('heading', { name: /Continue Learning/ })).toBeVisible();
    await expectAccessible(page);
    await page
      .getByRole('link', { name: /^Open Course/ })
      .first()
      .click();
    await expect(page.getByText(/^Lesson \d+ of \d+$/)).toBeVisible();
    await expectAccessible(page);
    for (const [section, ready] of [
      ['content-database', 'Content library'],
      ['toolbox', 'Tips'],
      ['affiliate', 'Commission models explained'],
    ]) {
      await page.goto(`/dashboard/${section}`);
      await expect(page.getByRole('heading', { name: ready })).toBeVisible();
      await expectAccessible(page);
    }
  });
});
