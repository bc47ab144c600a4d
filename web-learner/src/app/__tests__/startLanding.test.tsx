import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act } from 'react';
import { prerenderPage } from '../../entry-server';
import { noAnswer, server } from '../../test/server';
import { NEXT_PAGES_ID, startLanding } from '../startLanding';

describe('the landing page', () => {
  beforeEach(() => {
    vi.stubGlobal('IS_REACT_ACT_ENVIRONMENT', true);
    server.use(noAnswer);
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    document.head.querySelectorAll('link').forEach((link) => link.remove());
    document.body.innerHTML = '';
  });

  it('fetches the next page and its code once a link to it is about to be used, once', async () => {
    const { html } = await prerenderPage('/');
    window.history.replaceState(null, '', '/');
    const next = { '/payment': ['/assets/main-a.js', '/assets/PaymentPage-b.js'], '/login': ['/assets/main-a.js', '/assets/LoginPage-c.js'] };
    document.body.innerHTML = `<script type="application/json" id="${NEXT_PAGES_ID}">${JSON.stringify(next)}</script><div id="root" data-prerendered="/">${html}</div>`;
    await act(async () => {
      startLanding(document.getElementById('root')!);
    });
    const hints = () => [...document.head.querySelectorAll('link')].map((l) => `${l.rel} ${l.getAttribute('href')}`);
    expect(hints()).toEqual([]);

    const join = [...document.querySelectorAll('a')].find((a) => a.textContent === 'JOIN NOW')!;
    join.dispatchEvent(new Event('pointerover', { bubbles: true }));
    join.dispatchEvent(new Event('focusin', { bubbles: true }));
    expect(hints()).toEqual(['prefetch /payment', 'modulepreload /assets/main-a.js', 'modulepreload /assets/PaymentPage-b.js']);

    const terms = document.querySelector('a[href="/terms-of-service"]')!;
    terms.dispatchEvent(new Event('pointerover', { bubbles: true }));
    expect(hints()).toHaveLength(3);
  });
});
