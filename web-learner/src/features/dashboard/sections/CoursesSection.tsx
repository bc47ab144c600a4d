import { useState } from 'react';
import { Link } from 'react-router';
import { ApiError } from '../../../api/client';
import type { CourseSummary } from '../../../api/types';
import { Icon } from '../../../components/Icon';
import { LoadingBlock } from '../../../components/Spinner';
import { useCourses } from '../api/useCourses';
import { useCurrentUser } from '../../../api/hooks/useCurrentUser';
import { useNextStep } from '../api/useNextStep';
import { formatNumber } from '../../../i18n/format';
import { useTranslation } from '../../../i18n/useTranslation';
import '../../../i18n/english/learning';

const FIRST_PAGE = 8;

/** What a course card shows: the catalogue's course, or one of the fallback courses that carry only the basics. */
type CardCourse = Pick<CourseSummary, 'id' | 'title' | 'thumbnail'> & Partial<CourseSummary>;

/** The spec's two fallback courses, shown with the error when the catalogue cannot be loaded. */
export const FALLBACK_COURSES: CardCourse[] = [
  { id: 1, title: 'Affiliate Marketing Fundamentals', thumbnail: '', instructor: 'Affiliate Academy', duration: '2h 30m', progress: 0 },
  { id: 2, title: 'Traffic Arbitrage Mastery', thumbnail: '', instructor: 'Affiliate Academy', duration: '3h 15m', progress: 0 },
];

export function coursesErrorMessage(error: unknown): string {
  if (error instanceof ApiError || !(error instanceof Error)) return 'Failed to fetch courses';
  return error.message;
}

/** Completed / In progress from the learner's own progress; nothing before the first lesson. */
export function courseStatus(course: Partial<Pick<CourseSummary, 'progress' | 'completedLessons' | 'lessonsCount'>>): 'Completed' | 'In progress' | null {
  const total = course.lessonsCount ?? 0;
  const done = course.completedLessons ?? 0;
  if (total > 0 && done >= total) return 'Completed';
  if (done > 0 || (course.progress ?? 0) > 0) return 'In progress';
  return null;
}

function Stars({ rating, count }: { rating: number; count: number }) {
  const { t, language } = useTranslation();
  if (count === 0) return <p className="mt-1 text-xs text-slate-400">{t('courses.noRatings')}</p>;
  const stars = formatNumber(rating, language, { fractionDigits: 1 });
  return (
    <p className="mt-1 text-xs text-gold-300" aria-label={t('courses.rated', { rating: stars, count })}>
      <span aria-hidden="true">★ {stars}</span> <span className="text-slate-400">({formatNumber(count, language)})</span>
    </p>
  );
}

function ContinueCard() {
  const me = useCurrentUser();
  const next = useNextStep(Boolean(me.data?.hasAccess));
  const { t } = useTranslation();
  if (!next.data) return null;
  const step = next.data;
  return (
    <section className="card mb-6 flex flex-wrap items-center justify-between gap-4 p-5" aria-labelledby="next-step-title" data-testid="continue-card">
      <div className="min-w-0">
        <p className="text-xs font-semibold tracking-wide text-gold-300 uppercase">{step.courseTitle}</p>
        <h2 id="next-step-title" className="mt-1 truncate text-lg font-bold text-white">
          {t('courses.continueLesson', { lesson: step.lessonTitle })}
        </h2>
        <p className="mt-1 text-xs text-slate-400">{t('courses.completedOf', { done: step.completedLessons, count: step.totalLessons })}</p>
      </div>
      <Link to={`/course/${step.courseId}?lesson=${step.lessonId}`} className="btn-gold">
        {t('courses.continue')}
      </Link>
    </section>
  );
}

/** `first`: the first card's picture is what a phone's screen shows largest at first (its LCP), so it is fetched at once, not lazily. */
function CourseCard({ course, first = false }: { course: CardCourse; first?: boolean }) {
  const progress = Math.round(course.progress ?? 0);
  const status = courseStatus(course);
  const { t } = useTranslation();
  return (
    <li className="card flex flex-col overflow-hidden">
      <div className="aspect-video bg-linear-to-br from-ink-700 to-ink-800">
        {course.thumbnail ? (
          <img
            src={course.thumbnail}
            alt=""
            className="h-full w-full object-cover"
            loading={first ? 'eager' : 'lazy'}
            fetchPriority={first ? 'high' : 'auto'}
          />
        ) : (
          // No picture set: the course's initial on the brand's mark, not an empty box.
          <div className="grid h-full place-items-center" aria-hidden="true" data-testid="course-placeholder">
            <span className="grid h-16 w-16 place-items-center rounded-2xl bg-linear-to-br from-gold-300/80 to-gold-600/80 text-3xl font-black text-ink-950">
              {course.title.trim().charAt(0).toUpperCase() || <Icon name="cap" className="h-8 w-8" />}
            </span>
          </div>
        )}
      </div>
      <div className="flex flex-1 flex-col p-4">
        {/* A badge that does not fit beside the title goes under it, never past the card's edge. */}
        <div className="flex flex-wrap items-start justify-between gap-2">
          <h3 className="min-w-0 font-semibold wrap-break-word text-white">{course.title}</h3>
          {status && (
            <span
              className={`shrink-0 rounded-full px-2 py-0.5 text-xs font-semibold whitespace-nowrap ${status === 'Completed' ? 'bg-emerald-500/15 text-emerald-300' : 'bg-gold-500/15 text-gold-300'}`}
            >
              {status === 'Completed' ? t('courses.completed') : t('courses.inProgress')}
            </span>
          )}
        </div>
        {course.instructor && <p className="mt-1 text-sm text-slate-400">{course.instructor}</p>}
        {course.ratingsCount !== undefined && <Stars rating={course.rating ?? 0} count={course.ratingsCount} />}
        <p className="mt-1 text-xs text-slate-400">
          {[course.lessonsCount !== undefined ? t('courses.lessons', { count: course.lessonsCount }) : null, course.duration].filter(Boolean).join(' · ')}
        </p>
        <div className="mt-4">
          <div className="flex justify-between text-xs text-slate-400">
            <span>{t('courses.progress')}</span>
            <span>{progress}%</span>
          </div>
          <div
            className="mt-1.5 h-2 overflow-hidden rounded-full bg-ink-700"
            role="progressbar"
            aria-label={t('courses.progressOf', { title: course.title })}
            aria-valuenow={progress}
            aria-valuemin={0}
            aria-valuemax={100}
          >
            <div className="h-full rounded-full bg-linear-to-r from-gold-400 to-gold-500" style={{ width: `${progress}%` }} />
          </div>
        </div>
        <Link to={`/course/${course.id}`} className="btn-gold mt-5 w-full" aria-label={t('courses.openLabel', { title: course.title })}>
          {t('courses.open')}
        </Link>
      </div>
    </li>
  );
}

export function CoursesSection() {
  const courses = useCourses();
  const [showAll, setShowAll] = useState(false);
  const { t } = useTranslation();

  if (courses.isPending) return <LoadingBlock label={t('courses.loading')} />;
  const list = courses.isError ? FALLBACK_COURSES : courses.data;
  const shown = showAll ? list : list.slice(0, FIRST_PAGE);

  return (
    <section aria-labelledby="continue-title">
      <ContinueCard />
      {courses.isError && (
        <div role="alert" className="mb-6 rounded-xl border border-rose-500/40 bg-rose-500/10 p-4 text-sm text-rose-200">
          <p>{t('courses.error', { message: coursesErrorMessage(courses.error) })}</p>
          <p className="mt-1 text-rose-300">{t('courses.fallback')}</p>
        </div>
      )}
      <div className="flex items-center justify-between gap-4">
        <h2 id="continue-title" className="text-xl font-bold text-white">
          {t('courses.title')} <span className="ml-1 rounded-full bg-ink-700 px-2.5 py-0.5 text-sm text-slate-300">{list.length}</span>
        </h2>
        {list.length > FIRST_PAGE && (
          <button type="button" className="btn-ghost" onClick={() => setShowAll((v) => !v)} aria-expanded={showAll}>
            {showAll ? t('courses.showLess') : t('courses.viewAll')}
          </button>
        )}
      </div>
      {list.length === 0 ? (
        <p className="card mt-6 p-8 text-center text-slate-400">{t('courses.none')}</p>
      ) : (
        <ul className="mt-6 grid gap-5 sm:grid-cols-2 lg:grid-cols-3 xl:grid-cols-4">
          {shown.map((course, index) => (
            <CourseCard key={course.id} course={course} first={index === 0} />
          ))}
        </ul>
      )}
    </section>
  );
}
