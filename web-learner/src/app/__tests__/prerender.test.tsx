import { waitFor } from '@testing-library/react';
import { act } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { prerenderPage } from '../../entry-server';
import { PAGE_META } from '../pageMeta';
import { dropStaleMarkup } from '../boot';
import { startApp } from '../start';
import { startLanding } from '../startLanding';

/** What scripts/prerender.mjs puts in the page: the markup in #root, marked with the path it was rendered for. */
async function openPrerendered(path: string, address = path): Promise<HTMLElement> {
  const { html } = await prerenderPage(path);
  window.history.replaceState(null, '', address);
  document.body.innerHTML = `<div id="root" data-prerendered="${path}">${html}</div>`;
  return document.getElementById('root')!;
}

describe('prerendered public pages', () => {
  beforeEach(() => {
    vi.stubGlobal('IS_REACT_ACT_ENVIRONMENT', true);
    // The API does not answer: every page stays as it is first drawn.
    vi.stubGlobal(
      'fetch',
      vi.fn(() => new Promise(() => undefined)),
    );
    // jsdom has no scrolling (the router restores the scroll position).
    vi.spyOn(window, 'scrollTo').mockImplementation(() => undefined);
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
    document.body.innerHTML = '';
  });

  it.each([
    ['/', 'Turn traffic into recurring revenue', 'Affiliate Academy'],
    ['/payment', 'Lifetime Access', 'Checkout · Affiliate Academy'],
    ['/login', 'Welcome back', 'Sign in · Affiliate Academy'],
    ['/forgot-password', 'Forgot your password?', 'Forgot password · Affiliate Academy'],
    ['/terms-of-service', 'Terms of Service', 'Terms of Service · Affiliate Academy'],
    ['/privacy-policy', 'Privacy Policy', 'Privacy Policy · Affiliate Academy'],
    ['/refund-policy', 'Refund Policy', 'Refund Policy · Affiliate Academy'],
  ])('%s is rendered ahead with its heading and title, and hydrates without a mismatch', async (path, heading, title) => {
    const page = await prerenderPage(path);
    expect(page.title).toBe(title);
    const container = await openPrerendered(path);
    expect(container.querySelector('h1')?.textContent).toBe(heading);
    const markup = container.innerHTML;
    const consoleErrors = vi.spyOn(console, 'error');
    const recoverable = vi.fn();

    let mode: string | undefined;
    await act(async () => {
      // The landing page starts on its own (landing.tsx), the others with the app (main.tsx).
      mode = path === '/' ? startLanding(container, { onRecoverableError: recoverable }) : startApp(container, { onRecoverableError: recoverable });
    });
    expect(mode).toBe('hydrated');
    // React owns the page once the screen's code has arrived (it hydrates each lazy screen then).
    const h1 = container.querySelector('h1')!;
    await waitFor(() => expect(Object.keys(h1).some((key) => key.startsWith('__reactFiber$'))).toBe(true));

    expect(recoverable).not.toHaveBeenCalled();
    expect(consoleErrors).not.toHaveBeenCalled();
    expect(container.innerHTML).toBe(markup);
    // The app runs: it keeps the title of the page.
    expect(document.title).toBe(title);
  });

  it('carries the description of each page', async () => {
    expect((await prerenderPage('/payment')).meta).toEqual(PAGE_META.payment);
    expect((await prerenderPage('/')).meta).toEqual(PAGE_META.landing);
  });

  /** Types into a field of the prerendered page the way a browser does before any script runs (no React listener yet). */
  function typeBeforeHydration(field: HTMLInputElement, value: string) {
    field.value = value;
    field.dispatchEvent(new Event('input', { bubbles: true }));
  }

  /** Starts the app on the prerendered page and waits until React owns `element`. */
  async function hydrate(container: HTMLElement, element: Element) {
    await act(async () => {
      startApp(container);
    });
    await waitFor(() => expect(Object.keys(element).some((key) => key.startsWith('__reactFiber$'))).toBe(true));
  }

  it('keeps what a visitor typed into the sign-in form before the page was hydrated: Sign In is enabled and sends it', async () => {
    const container = await openPrerendered('/login');
    const email = container.querySelector<HTMLInputElement>('input[type="email"]')!;
    const password = container.querySelector<HTMLInputElement>('input[autocomplete="current-password"]')!;
    const button = [...container.querySelectorAll('button')].find((b) => b.textContent === 'Sign In')!;
    expect(button.disabled).toBe(true);
    typeBeforeHydration(email, 'early@example.com');
    typeBeforeHydration(password, 'typed before the script ran');

    await hydrate(container, email);
    const signIn = [...container.querySelectorAll('button')].find((b) => b.textContent === 'Sign In')!;
    await waitFor(() => expect(signIn.disabled).toBe(false));
    await act(async () => {
      signIn.click();
    });
    const login = vi.mocked(fetch).mock.calls.find(([url]) => String(url).endsWith('/api/auth/login'));
    expect(JSON.parse(String(login?.[1]?.body))).toMatchObject({ email: 'early@example.com', password: 'typed before the script ran' });
  });

  it('keeps an email typed into the checkout before the page was hydrated: the form checks that email', async () => {
    const container = await openPrerendered('/payment');
    const email = container.querySelector<HTMLInputElement>('input[type="email"]')!;
    typeBeforeHydration(email, 'not-an-email');

    await hydrate(container, email);
    await act(async () => {
      email.focus();
      email.blur();
    });
    expect(email.value).toBe('not-an-email');
    await waitFor(() => expect(container.textContent).toContain('Please enter a valid email address'));
  });

  it('drops markup prerendered for another address as soon as the entry runs, and keeps the page of this very address', async () => {
    const stale = await openPrerendered('/login', '/login?redirect=%2Fcourse%2F7');
    expect(stale.querySelector('input')).not.toBeNull();
    expect(dropStaleMarkup(stale)).toBe(true);
    expect([stale.childNodes.length, stale.dataset.prerendered]).toEqual([0, undefined]);

    const current = await openPrerendered('/login');
    const markup = current.innerHTML;
    expect(dropStaleMarkup(current)).toBe(false);
    expect(current.innerHTML).toBe(markup);
  });

  it('renders from scratch an address whose query string the prerendered page did not know', async () => {
    const container = await openPrerendered('/payment', '/payment?cancelled=1');
    let mode: string | undefined;
    await act(async () => {
      mode = startApp(container);
    });
    expect(mode).toBe('rendered');
    await waitFor(() => expect(container.textContent).toContain('Your previous payment was not completed.'));
  });
});
