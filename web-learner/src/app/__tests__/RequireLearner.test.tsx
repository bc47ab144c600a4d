import { act, render, screen } from '@testing-library/react';
import { useEffect } from 'react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { arrivedAt, endSession, startSession } from '../../auth/session';
import { RequireLearner } from '../RequireLearner';

/** Where the router is, and the arrival RootLayout reports. */
function Where() {
  const location = useLocation();
  useEffect(() => arrivedAt(location.pathname), [location.pathname]);
  return <p data-testid="where">{`${location.pathname}${location.search}`}</p>;
}

function renderAt(path: string) {
  return render(
    <MemoryRouter initialEntries={[path]}>
      <Where />
      <Routes>
        <Route path="/" element={<h1>Home</h1>} />
        <Route path="/login" element={<h1>Sign in</h1>} />
        <Route element={<RequireLearner />}>
          <Route path="/dashboard/courses" element={<h1>Courses</h1>} />
        </Route>
      </Routes>
    </MemoryRouter>,
  );
}

describe('RequireLearner', () => {
  afterEach(() => endSession());

  it('sends an expired session to the sign-in page with the way back', () => {
    startSession('token', 'ana@example.com');
    renderAt('/dashboard/courses');
    expect(screen.getByRole('heading', { name: 'Courses' })).toBeTruthy();
    act(() => endSession());
    expect(screen.getByRole('heading', { name: 'Sign in' })).toBeTruthy();
    expect(screen.getByTestId('where').textContent).toBe('/login?redirect=%2Fdashboard%2Fcourses');
  });

  it('sends a deliberate sign-out where it was going, even from a member screen still on display', () => {
    startSession('token', 'ana@example.com');
    renderAt('/dashboard/courses');
    act(() => endSession('/'));
    expect(screen.getByRole('heading', { name: 'Home' })).toBeTruthy();
    expect(screen.getByTestId('where').textContent).toBe('/');
  });

  it('forgets the sign-out once it has arrived: a later visit to a member screen asks to sign in', () => {
    startSession('token', 'ana@example.com');
    const first = renderAt('/dashboard/courses');
    act(() => endSession('/'));
    expect(screen.getByRole('heading', { name: 'Home' })).toBeTruthy();
    first.unmount();
    renderAt('/dashboard/courses');
    expect(screen.getByRole('heading', { name: 'Sign in' })).toBeTruthy();
  });
});
