import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { AdminContext, defaultI18nProvider, Notification, ResourceContextProvider } from 'react-admin';
import { beforeEach, describe, expect, it } from 'vitest';
import { authProvider, dataProvider } from '../../api';
import { fakeApi, meAsAdmin, storeAdminSession } from '../../test/fakeApi';
import { UserCreate } from '../UserCreate';

function renderCreate() {
  return render(
    <AdminContext dataProvider={dataProvider} authProvider={authProvider} i18nProvider={defaultI18nProvider}>
      <ResourceContextProvider value="users">
        <UserCreate />
      </ResourceContextProvider>
      <Notification />
    </AdminContext>,
  );
}

beforeEach(() => {
  localStorage.clear();
  storeAdminSession();
});

describe('UserCreate', () => {
  it("shows the server's field error on the email field and keeps the form", async () => {
    const { calls } = fakeApi({
      'GET /api/auth/me': meAsAdmin,
      'POST /api/admin/users': () => ({
        status: 409,
        body: {
          statusCode: 409,
          error: 'Conflict',
          message: 'A user with this email already exists',
          errors: { email: 'A user with this email already exists' },
        },
      }),
    });
    renderCreate();
    fireEvent.change(await screen.findByLabelText(/^Name/), { target: { value: 'Taken Name' } });
    fireEvent.change(screen.getByLabelText(/^Email/), { target: { value: 'taken@example.com' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));

    const emailInput = screen.getByLabelText(/^Email/);
    await waitFor(() => expect(emailInput.getAttribute('aria-invalid')).toBe('true'));
    expect(document.getElementById(`${emailInput.id}-helper-text`)?.textContent).toBe('A user with this email already exists');
    const post = calls.find((c) => c.method === 'POST');
    expect(post?.body).toEqual({ name: 'Taken Name', email: 'taken@example.com', role: 'student', status: 'active', plan: 'free' });
    expect(await screen.findByText(/Failed to create user: A user with this email already exists/)).toBeTruthy();
  });

  it("says 'Failed to save user' when the save gets no answer from the server", async () => {
    fakeApi({
      'GET /api/auth/me': meAsAdmin,
      'POST /api/admin/users': () => {
        throw new TypeError('Failed to fetch');
      },
    });
    renderCreate();
    fireEvent.change(await screen.findByLabelText(/^Name/), { target: { value: 'Offline Name' } });
    fireEvent.change(screen.getByLabelText(/^Email/), { target: { value: 'offline@example.com' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Failed to save user')).toBeTruthy();
  });

  it('shows the spec messages before calling the server', async () => {
    const { calls } = fakeApi({ 'GET /api/auth/me': meAsAdmin });
    renderCreate();
    const name = await screen.findByLabelText(/^Name/);
    fireEvent.change(name, { target: { value: 'Someone' } });
    fireEvent.change(screen.getByLabelText(/^Email/), { target: { value: 'not-an-email' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Please enter a valid email address')).toBeTruthy();
    fireEvent.change(name, { target: { value: '' } });
    fireEvent.change(screen.getByLabelText(/^Email/), { target: { value: '' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Name is required')).toBeTruthy();
    expect(await screen.findByText('Email is required')).toBeTruthy();
    expect(calls.some((c) => c.method === 'POST')).toBe(false);
  });
});
