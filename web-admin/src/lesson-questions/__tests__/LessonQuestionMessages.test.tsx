import { render, screen } from '@testing-library/react';
import { AdminContext, ResourceContextProvider } from 'react-admin';
import { beforeEach, describe, expect, it } from 'vitest';
import { authProvider, dataProvider } from '../../api';
import { i18nProvider } from '../../i18nProvider';
import { LessonQuestionList } from '../LessonQuestionList';
import { fakeApi, meAsAdmin, storeAdminSession } from '../../test/fakeApi';

beforeEach(() => {
  localStorage.clear();
  storeAdminSession();
});

describe('the console speaks of each resource by its name', () => {
  it('says "Coupon created" and "Testimonial deleted", not "Element created" / "Element deleted"', () => {
    // As react-admin's save and delete ask: the resource's own message, with the generic one as the fallback.
    const ask = (resource: string, what: string, count = 1) =>
      i18nProvider.translate(`resources.${resource}.notifications.${what}`, {
        smart_count: count,
        _: i18nProvider.translate(`ra.notification.${what}`, { smart_count: count }),
      });
    expect(ask('coupons', 'created')).toBe('Coupon created');
    expect(ask('testimonials', 'deleted')).toBe('Testimonial deleted');
    expect(ask('users', 'deleted', 3)).toBe('3 users deleted');
    expect(ask('courses', 'created')).toBe('Course saved');
    expect(i18nProvider.translate('ra.navigation.no_results', { resource: 'lesson-questions', name: 'Lesson-questions' })).toBe('No questions yet');
    expect(i18nProvider.translate('resources.affiliate-programs.name', { smart_count: 2 })).toBe('Affiliate programs');
  });

  it('an empty grid of lesson questions says so in words, not "No Lesson-questions found"', async () => {
    fakeApi({
      'GET /api/auth/me': meAsAdmin,
      'GET /api/admin/lesson-questions': () => ({ body: [], headers: { 'Content-Range': 'lesson-questions 0-0/0' } }),
    });
    render(
      <AdminContext dataProvider={dataProvider} authProvider={authProvider} i18nProvider={i18nProvider}>
        <ResourceContextProvider value="lesson-questions">
          <LessonQuestionList />
        </ResourceContextProvider>
      </AdminContext>,
    );
    // Its default filter (unanswered only) is on: nothing matches it.
    expect(await screen.findByText('No questions match the current filters.', {}, { timeout: 15_000 })).toBeTruthy();
    expect(screen.queryByText(/Lesson-questions/)).toBeNull();
  }, 30_000);
});
