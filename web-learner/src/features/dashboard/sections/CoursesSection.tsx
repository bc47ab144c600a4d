import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from 'react-router';
import { ApiError } from '../../../api/client';
import { coursesQuery } from '../../../api/queries';
import type { CourseSummary } from '../../../api/types';
import { LoadingBlock } from '../../../components/Spinner';

const FIRST_PAGE = 8;

/** The spec's two fallback courses, shown with the error when the catalogue cannot be loaded. */
export const FALLBACK_COURSES: CourseSummary[] = [
  { id: 1, title: 'Affiliate Marketing Fundamentals', thumbnail: '', instructor: 'Affiliate Academy', duration: '2h 30m', progress: 0 },
  { id: 2, title: 'Traffic Arbitrage Mastery', thumbnail: '', instructor: 'Affiliate Academy', duration: '3h 15m', progress: 0 },
];

export function coursesErrorMessage(error: unknown): string {
  if (error instanceof ApiError || !(error instanceof Error)) return 'Failed to fetch courses';
  return error.message;
}

function CourseCard({ course }: { course: CourseSummary }) {
  const progress = Math.round(course.progress ?? 0);
  return (
    <li className="card flex flex-col overflow-hidden">
      <div className="aspect-video bg-linear-to-br from-ink-700 to-ink-800">
        {course.thumbnail && <img src={course.thumbnail} alt="" className="h-full w-full object-cover" loading="lazy" />}
      </div>
      <div className="flex flex-1 flex-col p-4">
        <h3 className="font-semibold text-white">{course.title}</h3>
        {course.instructor && <p className="mt-1 text-sm text-slate-400">{course.instructor}</p>}
        <p className="mt-1 text-xs text-slate-400">
          {[course.lessonsCount !== undefined ? `${course.lessonsCount} lessons` : null, course.duration].filter(Boolean).join(' · ')}
        </p>
        <div className="mt-4">
          <div className="flex justify-between text-xs text-slate-400">
            <span>Progress</span>
            <span>{progress}%</span>
          </div>
          <div
            className="mt-1.5 h-2 overflow-hidden rounded-full bg-ink-700"
            role="progressbar"
            aria-label={`${course.title} progress`}
            aria-valuenow={progress}
            aria-valuemin={0}
            aria-valuemax={100}
          >
            <div className="h-full rounded-full bg-linear-to-r from-gold-400 to-gold-500" style={{ width: `${progress}%` }} />
          </div>
        </div>
        <Link to={`/course/${course.id}`} className="btn-gold mt-5 w-full" aria-label={`Open Course: ${course.title}`}>
          Open Course
        </Link>
      </div>
    </li>
  );
}

export function CoursesSection() {
  const courses = useQuery(coursesQuery);
  const [showAll, setShowAll] = useState(false);

  if (courses.isPending) return <LoadingBlock label="Loading courses..." />;
  const list = courses.isError ? FALLBACK_COURSES : courses.data;
  const shown = showAll ? list : list.slice(0, FIRST_PAGE);

  return (
    <section aria-labelledby="continue-title">
      {courses.isError && (
        <div role="alert" className="mb-6 rounded-xl border border-rose-500/40 bg-rose-500/10 p-4 text-sm text-rose-200">
          <p>Error loading courses: {coursesErrorMessage(courses.error)}</p>
          <p className="mt-1 text-rose-300">Showing fallback courses</p>
        </div>
      )}
      <div className="flex items-center justify-between gap-4">
        <h2 id="continue-title" className="text-xl font-bold text-white">
          Continue Learning <span className="ml-1 rounded-full bg-ink-700 px-2.5 py-0.5 text-sm text-slate-300">{list.length}</span>
        </h2>
        {list.length > FIRST_PAGE && (
          <button type="button" className="btn-ghost" onClick={() => setShowAll((v) => !v)} aria-expanded={showAll}>
            {showAll ? 'Show Less' : 'View All'}
          </button>
        )}
      </div>
      {list.length === 0 ? (
        <p className="card mt-6 p-8 text-center text-slate-400">No courses are published yet. Check back soon!</p>
      ) : (
        <ul className="mt-6 grid gap-5 sm:grid-cols-2 lg:grid-cols-3 xl:grid-cols-4">
          {shown.map((course) => (
            <CourseCard key={course.id} course={course} />
          ))}
        </ul>
      )}
    </section>
  );
}
