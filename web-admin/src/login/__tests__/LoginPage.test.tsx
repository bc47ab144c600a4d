import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { AdminContext, defaultI18nProvider } from 'react-admin';
import { beforeEach, describe, expect, it } from 'vitest';
import { authProvider, dataProvider } from '../../api';
import { fakeApi, storedSession } from '../../test/fakeApi';
import { LoginPage } from '../LoginPage';

const SESSION = { success: true, token: 'tok-2fa', expiresAt: '', user: { id: 'a1', email: 'admin@example.com', role: 'admin' } };
const CHALLENGE = 'c'.repeat(43);

function renderLogin() {
  return render(
    <AdminContext dataProvider={dataProvider} authProvider={authProvider} i18nProvider={defaultI18nProvider}>
      <LoginPage />
    </AdminContext>,
  );
}

async function enterPassword() {
  fireEvent.change(await screen.findByLabelText(/Email/), { target: { value: 'admin@example.com' } });
  fireEvent.change(screen.getByLabelText(/Password/), { target: { value: 'the-password' } });
  fireEvent.click(screen.getByRole('button', { name: 'Sign In' }));
}

beforeEach(() => localStorage.clear());

describe('LoginPage with two-factor sign-in', () => {
  it('asks for the code after the password, says when it is wrong, and signs in with the right one', async () => {
    const { calls } = fakeApi({
      'GET /api/public-config': () => ({ body: { demoMode: false } }),
      'POST /api/admin/login': () => ({ body: { twoFactorRequired: true, enrolmentRequired: false, challenge: CHALLENGE, expiresInSeconds: 300 } }),
      'POST /api/admin/login/two-factor': (body) =>
        (body as { code: string }).code === '123456'
          ? { body: SESSION }
          : {
              status: 401,
              body: { statusCode: 401, message: 'That code is not right. Enter the 6-digit code from your authenticator app, or one of your recovery codes.' },
            },
    });
    renderLogin();
    await enterPassword();
    expect(await screen.findByText('Enter the 6-digit code from your authenticator app.')).toBeTruthy();
    expect(storedSession()).toEqual([null, null, null]);

    fireEvent.change(screen.getByLabelText(/Authentication code/), { target: { value: '000000' } });
    fireEvent.click(screen.getByRole('button', { name: 'Verify' }));
    expect((await screen.findByRole('alert')).textContent).toMatch(/That code is not right/);

    fireEvent.click(screen.getByRole('button', { name: 'Use a recovery code' }));
    expect(screen.getByLabelText(/Recovery code/)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Use the authenticator app' }));
    fireEvent.change(screen.getByLabelText(/Authentication code/), { target: { value: '123456' } });
    fireEvent.click(screen.getByRole('button', { name: 'Verify' }));
    await waitFor(() => expect(storedSession()).toEqual(['tok-2fa', 'true', 'admin@example.com']));
    expect(calls.filter((c) => c.path === '/api/admin/login/two-factor').map((c) => c.body)).toEqual([
      { challenge: CHALLENGE, code: '000000' },
      { challenge: CHALLENGE, code: '123456' },
    ]);
  });

  it('sends an admin without an authenticator through the set-up, then shows the recovery codes once', async () => {
    fakeApi({
      'GET /api/public-config': () => ({ body: { demoMode: false } }),
      'POST /api/admin/login': () => ({ body: { twoFactorRequired: true, enrolmentRequired: true, challenge: CHALLENGE, expiresInSeconds: 300 } }),
      'POST /api/admin/login/two-factor/setup': () => ({
        body: { secret: 'JBSWY3DPEHPK3PXP', otpauthUrl: 'otpauth://totp/x', qrCode: 'data:image/png;base64,AAAA' },
      }),
      'POST /api/admin/login/two-factor': () => ({ body: { ...SESSION, recoveryCodes: ['abcde-fghij', 'kmnpq-rstuv'] } }),
    });
    renderLogin();
    await enterPassword();
    expect((await screen.findByTestId('two-factor-secret')).textContent).toBe('JBSWY3DPEHPK3PXP');
    expect(screen.getByAltText(/QR code/).getAttribute('src')).toBe('data:image/png;base64,AAAA');
    fireEvent.change(screen.getByLabelText(/Code from the app/), { target: { value: '654321' } });
    fireEvent.click(screen.getByRole('button', { name: 'Turn on two-factor authentication' }));
    const list = await screen.findByRole('list', { name: 'Recovery codes' });
    expect(list.textContent).toContain('abcde-fghij');
    expect(storedSession()).toEqual([null, null, null]);
    fireEvent.click(screen.getByRole('button', { name: 'Continue to the console' }));
    await waitFor(() => expect(storedSession()).toEqual(['tok-2fa', 'true', 'admin@example.com']));
  });

  it('signs in at once when two-factor sign-in does not apply', async () => {
    fakeApi({ 'GET /api/public-config': () => ({ body: { demoMode: false } }), 'POST /api/admin/login': () => ({ body: SESSION }) });
    renderLogin();
    await enterPassword();
    await waitFor(() => expect(storedSession()).toEqual(['tok-2fa', 'true', 'admin@example.com']));
  });
});
