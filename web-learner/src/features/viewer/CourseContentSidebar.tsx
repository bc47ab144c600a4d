import type { Lesson } from '../../api/types';
import { Icon } from '../../components/Icon';
import { courseProgress, LESSON_GROUPS, upcomingOpening } from './lessonNavigation';
import { formatDate } from '../../i18n/format';
import { useTranslation } from '../../i18n/useTranslation';
import '../../i18n/english/learning';

interface Props {
  lessons: Lesson[];
  currentId: number | null;
  onSelect: (lessonId: number) => void;
  /** Say under each lesson still to open (drip) when it opens: a preview's lessons are all readable. */
  showOpenings?: boolean;
}

export function CourseProgressBox({ lessons }: { lessons: Lesson[] }) {
  const { completed, total, percent } = courseProgress(lessons);
  const { t } = useTranslation();
  return (
    <section className="card p-5" aria-labelledby="progress-title">
      <h2 id="progress-title" className="font-semibold text-white">
        {t('viewer.progressTitle')}
      </h2>
      <p className="mt-2 flex justify-between text-sm text-slate-300">
        <span data-testid="progress-count">
          {completed} / {t('courses.lessons', { count: total })}
        </span>
        <span data-testid="progress-percent">{percent}%</span>
      </p>
      <div
        className="mt-2 h-2.5 overflow-hidden rounded-full bg-ink-700"
        role="progressbar"
        aria-label={t('viewer.progressLabel')}
        aria-valuenow={percent}
        aria-valuemin={0}
        aria-valuemax={100}
      >
        <div className="h-full rounded-full bg-linear-to-r from-gold-400 to-emerald-400 transition-all" style={{ width: `${percent}%` }} />
      </div>
    </section>
  );
}

/**
 * Course Content: lessons grouped as Video, Text and PDF Lessons and Quizzes with counts, a tick per completed lesson and a lock on those not
 * released yet (or, with showOpenings, the day a lesson still to come opens).
 */
export function CourseContentSidebar({ lessons, currentId, onSelect, showOpenings = false }: Props) {
  const { t, language } = useTranslation();
  const now = Date.now();
  return (
    <nav className="card p-5" aria-labelledby="content-title">
      <h2 id="content-title" className="font-semibold text-white">
        {t('viewer.contentTitle')}
      </h2>
      {lessons.length === 0 && <p className="mt-3 text-sm text-slate-400">{t('viewer.noLessons')}</p>}
      {LESSON_GROUPS.map((group) => {
        const items = lessons.filter((l) => l.type === group.type);
        if (items.length === 0) return null;
        return (
          <div key={group.type} className="mt-4">
            <h3 className="flex items-center justify-between text-xs font-semibold tracking-wide text-slate-400 uppercase">
              {t(`viewer.groups.${group.type}`)} <span className="rounded-full bg-ink-700 px-2 py-0.5 text-slate-300">{items.length}</span>
            </h3>
            <ul className="mt-2 space-y-1">
              {items.map((lesson) => {
                const active = lesson.id === currentId;
                const opening = showOpenings ? upcomingOpening(lesson, now) : null;
                return (
                  <li key={lesson.id}>
                    <button
                      type="button"
                      onClick={() => onSelect(lesson.id)}
                      aria-current={active ? 'step' : undefined}
                      className={`flex w-full items-start gap-3 rounded-xl px-3 py-2 text-left text-sm transition-colors ${
                        active ? 'bg-gold-500/15 text-gold-200' : 'text-slate-300 hover:bg-ink-700'
                      }`}
                    >
                      <span
                        aria-hidden="true"
                        className={`mt-0.5 grid h-5 w-5 shrink-0 place-items-center rounded-full border text-xs ${
                          lesson.completed ? 'border-emerald-400 bg-emerald-500 text-ink-950' : 'border-ink-600'
                        }`}
                      >
                        {lesson.completed ? '✓' : lesson.locked ? <Icon name="lock" className="h-3 w-3 text-slate-400" /> : ''}
                      </span>
                      <span className="min-w-0 flex-1">
                        <span className="block">{lesson.title}</span>
                        <span className="block text-xs text-slate-400">{lesson.duration || t('viewer.defaultDuration')}</span>
                        {opening && <span className="block text-xs text-gold-300">{t('preview.opensOn', { date: formatDate(opening, language) })}</span>}
                      </span>
                      {lesson.completed && <span className="sr-only">{t('viewer.completedMark')}</span>}
                      {lesson.locked && <span className="sr-only">{t('viewer.lockedMark')}</span>}
                    </button>
                  </li>
                );
              })}
            </ul>
          </div>
        );
      })}
    </nav>
  );
}
