import { useState, type ReactNode } from 'react';
import { Link, useSearchParams } from 'react-router';
import type { Course } from '../../api/types';
import { Spinner } from '../../components/Spinner';
import { useSaveResumePoint } from './api/useSaveResumePoint';
import { useToggleLessonCompleted } from './api/useToggleLessonCompleted';
import { CourseContentSidebar, CourseProgressBox } from './CourseContentSidebar';
import { recordsProgress, type CourseSource } from './courseSource';
import { LessonContent, opensAtLabel } from './LessonContent';
import { QuestionsPanel } from './QuestionsPanel';
import { RatingPanel } from './RatingPanel';
import { lessonNavigation, upNext, visibleLessons } from './lessonNavigation';
import { useTranslation } from '../../i18n/useTranslation';
import '../../i18n/english/learning';

/**
 * The viewer's frame: the course title (with the way back to the learner's
 * courses, when there is one) and the lesson counter in a sticky header,
 * under a notice that stays in view (a preview's banner).
 */
export function ViewerShell({
  title,
  counter,
  backToCourses = true,
  notice,
  children,
}: {
  title: string;
  counter?: string;
  backToCourses?: boolean;
  notice?: ReactNode;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <div className="min-h-screen">
      <header className="sticky top-0 z-20 border-b border-ink-700 bg-ink-950/90 backdrop-blur">
        {notice}
        <div className="mx-auto flex max-w-7xl items-center gap-3 px-4 py-3 sm:px-6">
          {backToCourses && (
            <Link to="/dashboard/courses" className="btn-ghost shrink-0 px-3" aria-label={t('viewer.backToCourses')}>
              <span aria-hidden="true">←</span>
            </Link>
          )}
          <h1 className="min-w-0 flex-1 truncate text-lg font-bold text-white">{title}</h1>
          {counter && <p className="shrink-0 text-sm text-slate-400">{counter}</p>}
        </div>
      </header>
      <main className="mx-auto max-w-7xl px-4 py-6 sm:px-6">{children}</main>
    </div>
  );
}

/**
 * A course in the viewer: the lesson chosen in the address (`?lesson=`), the
 * course content beside it, Previous and Next. For a learner it records
 * progress (Mark as Complete, the resume point, quiz passes) and offers
 * questions and a rating; a preview (see CourseSource) shows the same
 * lessons read-only, with the drip dates learners would get, under `notice`.
 */
export function CourseViewer({ course, source, notice }: { course: Course; source: CourseSource; notice?: ReactNode }) {
  const [params, setParams] = useSearchParams();
  const lessons = visibleLessons(course.lessons);
  const requested = params.get('lesson');
  const nav = lessonNavigation(lessons, requested ? Number(requested) : (course.lastLessonId ?? null));
  const current = nav.current;
  const records = recordsProgress(source);

  // A new location: ScrollRestoration brings the page back to the top.
  const select = (lessonId: number) => setParams({ lesson: String(lessonId) });

  useSaveResumePoint(course, current, records);
  const toggle = useToggleLessonCompleted(course.id);
  // The lesson just finished here: offer the next one (or celebrate the course).
  const [finished, setFinished] = useState<{ lessonId: number; courseCompleted: boolean } | null>(null);
  const { t, language } = useTranslation();
  const counter = t('viewer.counter', { position: nav.position, total: nav.total });
  const after = current ? upNext(lessons, current.id) : null;
  const opens = after && 'locked' in after ? opensAtLabel(after.locked.opensAt, language) : null;
  const shell = { title: course.title, backToCourses: records, notice };

  if (course.hasAccess === false) {
    return (
      <ViewerShell {...shell} counter={current ? counter : undefined}>
        <div className="grid gap-6 lg:grid-cols-[1fr_20rem]">
          <div role="status" className="card p-8 text-center sm:p-10">
            <p className="text-sm font-semibold tracking-wide text-gold-300 uppercase">{t('viewer.accessRequired')}</p>
            <h2 className="mt-3 text-2xl font-bold text-white">{current ? current.title : t('viewer.locked')}</h2>
            <p className="mx-auto mt-2 max-w-md text-slate-300">{t('viewer.lockedText')}</p>
            <Link to="/payment" className="btn-gold mt-6">
              {t('viewer.getAccess')}
            </Link>
          </div>
          <div className="space-y-6">
            <CourseContentSidebar lessons={lessons} currentId={current?.id ?? null} onSelect={select} />
          </div>
        </div>
      </ViewerShell>
    );
  }

  if (!current) {
    return (
      <ViewerShell {...shell}>
        <div className="grid gap-6 lg:grid-cols-[1fr_20rem]">
          <div className="card p-10 text-center">
            <p className="text-sm font-semibold tracking-wide text-gold-300 uppercase">{t('viewer.comingSoon')}</p>
            <h2 className="mt-3 text-2xl font-bold text-white">{t('viewer.noLessons')}</h2>
            <p className="mt-2 text-slate-400">{t('viewer.preparing')}</p>
          </div>
          <div className="space-y-6">
            <CourseContentSidebar lessons={lessons} currentId={null} onSelect={select} />
            {records && <CourseProgressBox lessons={lessons} />}
          </div>
        </div>
      </ViewerShell>
    );
  }

  return (
    <ViewerShell {...shell} counter={counter}>
      <div className="grid gap-6 lg:grid-cols-[1fr_20rem]">
        <div className="min-w-0 space-y-6">
          <div className="card p-5 sm:p-8">
            <LessonContent lesson={current} source={source} onQuizCompleted={(courseCompleted) => setFinished({ lessonId: current.id, courseCompleted })} />
          </div>
          {toggle.isError && (
            <p role="alert" className="rounded-xl border border-rose-500/40 bg-rose-500/10 p-3 text-sm text-rose-200">
              {t('viewer.saveFailed', { message: toggle.error.message })}
            </p>
          )}
          {finished?.lessonId === current.id && (
            <div role="status" className="flex flex-wrap items-center justify-between gap-3 rounded-xl border border-emerald-500/40 bg-emerald-500/10 p-4">
              {finished.courseCompleted ? (
                <p className="font-semibold text-emerald-200">{t('viewer.courseCompleted')}</p>
              ) : after && 'open' in after ? (
                <>
                  <p className="text-emerald-200">
                    {t('viewer.upNext')} <strong className="text-white">{after.open.title}</strong>
                  </p>
                  <button type="button" className="btn-gold" aria-label={t('viewer.continueNext')} onClick={() => select(after.open.id)}>
                    {t('viewer.continue')} <span aria-hidden="true">→</span>
                  </button>
                </>
              ) : after ? (
                <p className="text-emerald-200">
                  {opens ? t('viewer.nextOpensOn', { title: after.locked.title, date: opens }) : t('viewer.nextOpensLater', { title: after.locked.title })}
                </p>
              ) : (
                <p className="text-emerald-200">{t('viewer.lessonComplete')}</p>
              )}
            </div>
          )}
          <div className="grid grid-cols-2 gap-3 sm:flex sm:items-center sm:justify-between">
            <button type="button" className="btn-ghost" disabled={!nav.previous} onClick={() => nav.previous && select(nav.previous.id)}>
              <span aria-hidden="true">←</span> {t('viewer.previous')}
            </button>
            {!records ? null : current.type === 'quiz' || current.locked ? (
              <p className="col-span-2 -order-1 text-center text-sm text-slate-400 sm:order-none" aria-live="polite">
                {current.locked ? t('viewer.lockedShort') : current.completed ? t('viewer.quizPassed') : t('viewer.passQuiz')}
              </p>
            ) : (
              <button
                type="button"
                className={`col-span-2 -order-1 sm:order-none ${
                  current.completed ? 'btn border border-emerald-500/50 bg-emerald-500/15 text-emerald-200 hover:bg-emerald-500/25' : 'btn-gold'
                }`}
                aria-pressed={current.completed}
                disabled={toggle.isPending}
                onClick={() =>
                  toggle.mutate(
                    { lessonId: current.id, completed: !current.completed },
                    { onSuccess: (answer) => setFinished(answer.completed ? { lessonId: answer.lessonId, courseCompleted: answer.courseCompleted } : null) },
                  )
                }
              >
                {toggle.isPending ? <Spinner /> : <span aria-hidden="true">✓</span>}
                {current.completed ? t('viewer.completed') : t('viewer.markComplete')}
              </button>
            )}
            <button type="button" className="btn-ghost" disabled={!nav.next} onClick={() => nav.next && select(nav.next.id)}>
              {t('viewer.next')} <span aria-hidden="true">→</span>
            </button>
          </div>
          {records && !current.locked && <QuestionsPanel key={current.id} courseId={course.id} lessonId={current.id} />}
          {records && <RatingPanel course={course} canRate={lessons.some((l) => l.completed)} />}
        </div>
        <div className="space-y-6 lg:sticky lg:top-20 lg:self-start">
          {records && <CourseProgressBox lessons={lessons} />}
          <CourseContentSidebar lessons={lessons} currentId={current.id} onSelect={select} showOpenings={!records} />
        </div>
      </div>
    </ViewerShell>
  );
}
