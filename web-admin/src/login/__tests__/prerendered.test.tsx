import { waitFor } from '@testing-library/react';
import { act, StrictMode } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { http } from 'msw';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderLogin } from '../../login-server';
import { server } from '../../test/server';
import { StandaloneLogin } from '../StandaloneLogin';

/** Types into a field of the prerendered page the way a browser does before any script runs (no React listener yet). */
function typeBeforeHydration(field: HTMLInputElement, value: string) {
  field.value = value;
  field.dispatchEvent(new Event('input', { bubbles: true }));
}

const signInButton = (root: HTMLElement) => [...root.querySelectorAll('button')].find((b) => b.textContent === 'Sign In')!;

describe('the prerendered admin sign-in page', () => {
  beforeEach(() => {
    vi.stubGlobal('IS_REACT_ACT_ENVIRONMENT', true);
    // The API does not answer: the page stays as it is first drawn.
    server.use(http.all('/api/*', () => new Promise<never>(() => undefined)));
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    document.body.innerHTML = '';
  });

  it('keeps what the admin typed before the page was hydrated: Sign In is enabled', async () => {
    document.body.innerHTML = `<div id="root" data-prerendered="login">${renderLogin()}</div>`;
    const root = document.getElementById('root')!;
    const email = root.querySelector<HTMLInputElement>('input[name="email"]')!;
    const password = root.querySelector<HTMLInputElement>('input[name="password"]')!;
    expect(signInButton(root).disabled).toBe(true);
    typeBeforeHydration(email, 'admin@example.com');
    typeBeforeHydration(password, 'typed before the script ran');

    await act(async () => {
      hydrateRoot(
        root,
        <StrictMode>
          <StandaloneLogin />
        </StrictMode>,
      );
    });
    await waitFor(() => expect(Object.keys(email).some((key) => key.startsWith('__reactFiber$'))).toBe(true));
    expect(email.value).toBe('admin@example.com');
    await waitFor(() => expect(signInButton(root).disabled).toBe(false));
  });
});
