import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { http, HttpResponse } from 'msw';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { NotificationList } from '../../../api/types';
import { recordRequests, server, type SentRequest } from '../../../test/server';
import { NotificationsBell } from '../NotificationsBell';

describe('notifications bell', () => {
  let answer: { status: number; body: NotificationList | Record<string, unknown> };
  let sent: SentRequest[];
  const marked = () => sent.some((request) => request.method === 'POST' && request.path === '/api/notifications/read');

  beforeEach(() => {
    server.use(
      http.post('/api/notifications/read', () => HttpResponse.json({ success: true, unread: 0 })),
      http.get('/api/notifications', () => HttpResponse.json(answer.body, { status: answer.status })),
      http.all('/api/*', () => HttpResponse.json({}, { status: 404 })),
    );
    sent = recordRequests();
  });

  function renderBell() {
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    const router = createMemoryRouter([{ path: '*', element: <NotificationsBell /> }]);
    render(
      <QueryClientProvider client={client}>
        <RouterProvider router={router} />
      </QueryClientProvider>,
    );
  }

  const list = (unread: number): NotificationList => ({
    unread,
    notifications: [
      {
        id: 2,
        kind: 'course.published',
        title: 'New course: SEO',
        body: 'A new course is available.',
        url: '/course/9',
        createdAt: '2026-11-22T10:00:00Z',
        read: unread === 0,
      },
    ],
  });

  it('shows the dot only while some are unread, and opening the bell marks them read', async () => {
    const user = userEvent.setup();
    answer = { status: 200, body: list(1) };
    renderBell();
    const bell = await screen.findByRole('button', { name: 'Notifications, 1 unread' });
    expect(screen.getByTestId('unread-dot')).toBeTruthy();
    await user.click(bell);
    expect(screen.getByRole('link', { name: /New course: SEO/ }).getAttribute('href')).toBe('/course/9');
    expect(await screen.findByRole('button', { name: 'Notifications' })).toBeTruthy();
    expect(screen.queryByTestId('unread-dot')).toBeNull();
    expect(marked()).toBe(true);
  });

  it('has no dot and does not mark anything when all are read', async () => {
    const user = userEvent.setup();
    answer = { status: 200, body: list(0) };
    renderBell();
    await user.click(await screen.findByRole('button', { name: 'Notifications' }));
    expect(await screen.findByText('New course: SEO')).toBeTruthy();
    expect(screen.queryByTestId('unread-dot')).toBeNull();
    expect(marked()).toBe(false);
  });

  it('says notifications come with access when the account has none', async () => {
    const user = userEvent.setup();
    answer = { status: 403, body: { statusCode: 403, error: 'Forbidden', message: 'Lifetime access is required', success: false } };
    renderBell();
    await vi.waitFor(() => expect(sent.some((request) => request.path === '/api/notifications')).toBe(true));
    await user.click(screen.getByRole('button', { name: 'Notifications' }));
    expect(await screen.findByText(/come with lifetime access/)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Get access' }).getAttribute('href')).toBe('/payment');
  });
});
