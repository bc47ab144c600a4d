import { act, render } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { StrictMode } from 'react';
import { MemoryRouter, useNavigate, type NavigateFunction } from 'react-router';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { endSession, startSession } from '../../auth/session';
import { noAnswer, recordRequests, server, type SentRequest } from '../../test/server';
import { recordPageView } from '../boot';
import { preloadRoute } from '../routeModules';
import { AppRoutes, routes } from '../router';

let navigate: NavigateFunction;

/** The app's screens at `path`, and a way to move through them as a link would (`navigate`). */
async function renderApp(path: string) {
  function Navigator() {
    navigate = useNavigate();
    return null;
  }
  // As start.tsx renders it: StrictMode runs each effect twice on mount.
  const app = () => (
    <StrictMode>
      <MemoryRouter initialEntries={[path]}>
        <Navigator />
        <AppRoutes />
      </MemoryRouter>
    </StrictMode>
  );
  let rendered!: ReturnType<typeof render>;
  await act(async () => {
    rendered = render(app());
  });
  return { rerender: () => act(async () => rendered.rerender(app())) };
}

const visits = (sent: SentRequest[]) => sent.filter((request) => request.method === 'POST' && request.path === '/api/referrals/visit');

/** Long enough for the lazily loaded visit code to have sent what it was going to send. */
const settle = () => new Promise((resolve) => setTimeout(resolve, 100));

describe('the visits of the public pages', () => {
  // The visit's code and the screens load lazily: loaded once here (as start.tsx preloads a screen), each test waits for its requests alone.
  beforeAll(async () => {
    await import('../referralVisit');
    const paths = ['/', '/payment', '/terms-of-service', '/login', '/privacy-policy', '/dashboard/courses', '/dashboard/account', '/course/7', '/preview/x'];
    await Promise.all(paths.map((path) => preloadRoute(routes, path)));
  });
  beforeEach(() => {
    vi.spyOn(window, 'scrollTo').mockImplementation(() => undefined);
    server.use(
      http.post('/api/referrals/visit', () => HttpResponse.json({ recorded: true, referral: 'signed.attribution' })),
      // The screens' own calls stay on their way: only the visits are asserted.
      noAnswer,
    );
  });
  afterEach(() => {
    endSession();
    localStorage.clear();
    vi.restoreAllMocks();
  });

  it('are recorded once per page: moving to another public page records it, with the referral code, the campaign and where the visitor came from', async () => {
    vi.spyOn(document, 'referrer', 'get').mockReturnValue('https://news.example.com/issue-42');
    const sent = recordRequests();
    await renderApp('/?ref=MAYA30&utm_source=newsletter&utm_medium=email&utm_campaign=black-friday&lang=de');
    await vi.waitFor(() => expect(visits(sent)).toHaveLength(1));

    await act(async () => navigate('/payment'));
    await vi.waitFor(() => expect(visits(sent)).toHaveLength(2));
    await settle();

    expect(visits(sent)).toHaveLength(2);
    expect(await visits(sent)[0].json()).toEqual({
      path: '/',
      ref: 'MAYA30',
      utmSource: 'newsletter',
      utmMedium: 'email',
      utmCampaign: 'black-friday',
      referrer: 'https://news.example.com/issue-42',
    });
    expect(await visits(sent)[1].json()).toEqual({ path: '/payment', referrer: 'https://news.example.com/issue-42' });
    // The attribution the server answers is kept for the checkout.
    expect(localStorage.getItem('referral')).toBe('signed.attribution');
  });

  it('are not recorded again when the page draws anew or only its query string changes', async () => {
    const sent = recordRequests();
    const app = await renderApp('/terms-of-service');
    await vi.waitFor(() => expect(visits(sent)).toHaveLength(1));

    await app.rerender();
    await act(async () => navigate('/terms-of-service?section=2'));
    await settle();

    expect(visits(sent)).toHaveLength(1);
    expect(await visits(sent)[0].json()).toEqual({ path: '/terms-of-service' });
  });

  it('are recorded again when the visitor comes back to a page after another', async () => {
    const sent = recordRequests();
    await renderApp('/login');
    await vi.waitFor(() => expect(visits(sent)).toHaveLength(1));

    await act(async () => navigate('/privacy-policy'));
    await act(async () => navigate('/login'));
    await vi.waitFor(() => expect(visits(sent)).toHaveLength(3));

    expect(await Promise.all(visits(sent).map((visit) => visit.json()))).toEqual([{ path: '/login' }, { path: '/privacy-policy' }, { path: '/login' }]);
  });

  it('leave out the learner area, the course viewer and previews', async () => {
    startSession('token', 'ana@example.com');
    const sent = recordRequests();
    await renderApp('/dashboard/courses?ref=MAYA30');
    await settle();

    await act(async () => navigate('/dashboard/account'));
    await act(async () => navigate('/course/7'));
    await act(async () => navigate('/preview/some-token'));
    await settle();

    expect(visits(sent)).toEqual([]);
    expect(localStorage.getItem('referral')).toBeNull();
  });

  it('count the landing page started on its own as one view of /', async () => {
    window.history.replaceState(null, '', '/?utm_source=newsletter');
    const sent = recordRequests();

    recordPageView();
    await vi.waitFor(() => expect(visits(sent)).toHaveLength(1));

    expect(await visits(sent)[0].json()).toEqual({ path: '/', utmSource: 'newsletter' });
    window.history.replaceState(null, '', '/');
  });
});
