import DOMPurify from 'dompurify';
import { useMemo } from 'react';
import type { Lesson } from '../../api/types';
import { Icon } from '../../components/Icon';
import { PdfViewer } from './PdfViewer';
import { QuizPanel } from './QuizPanel';
import { recordsProgress, type CourseSource } from './courseSource';
import { upcomingOpening } from './lessonNavigation';
import { formatDateTime } from '../../i18n/format';
import { useTranslation } from '../../i18n/useTranslation';
import '../../i18n/english/learning';

function RichText({ html }: { html: string }) {
  const safe = useMemo(() => DOMPurify.sanitize(html, { USE_PROFILES: { html: true } }), [html]);
  if (!safe.trim()) return null;
  return <div className="lesson-content" dangerouslySetInnerHTML={{ __html: safe }} />;
}

/** When a locked lesson opens, written in the interface language (null: no date is set). */
export function opensAtLabel(opensAt: string | null | undefined, language: string): string | null {
  return opensAt ? formatDateTime(opensAt, language) : null;
}

/**
 * One lesson: the embedded player, the sanitised text, the PDF widget or the
 * quiz; a lesson not released yet says when it opens. A preview shows a drip
 * lesson in full, saying when learners get it.
 */
export function LessonContent({
  lesson,
  source,
  onQuizCompleted,
}: {
  lesson: Lesson;
  source: CourseSource;
  onQuizCompleted?: (courseCompleted: boolean) => void;
}) {
  const { t, language } = useTranslation();
  const opening = recordsProgress(source) ? null : upcomingOpening(lesson, Date.now());
  if (lesson.locked) {
    const opens = opensAtLabel(lesson.opensAt, language);
    return (
      <article aria-labelledby="lesson-title" className="space-y-4">
        <h2 id="lesson-title" className="text-2xl font-bold text-white">
          {lesson.title}
        </h2>
        <p role="status" className="rounded-xl border border-gold-500/40 bg-gold-500/10 p-4 text-gold-300">
          <Icon name="lock" className="mr-1.5 inline h-4 w-4 align-[-2px]" /> {opens ? t('viewer.opensOn', { date: opens }) : t('viewer.opensLater')}
        </p>
      </article>
    );
  }
  return (
    <article aria-labelledby="lesson-title" className="space-y-6">
      <header>
        <p className="text-xs font-semibold tracking-wide text-gold-300 uppercase">
          {t(`viewer.types.${lesson.type}`)} · {lesson.duration || t('viewer.defaultDuration')}
        </p>
        <h2 id="lesson-title" className="mt-1 text-2xl font-bold text-white">
          {lesson.title}
        </h2>
      </header>
      {opening && (
        <p className="rounded-xl border border-gold-500/40 bg-gold-500/10 p-4 text-gold-300">
          <Icon name="lock" className="mr-1.5 inline h-4 w-4 align-[-2px]" /> {t('preview.opensOnNote', { date: opensAtLabel(opening, language) })}
        </p>
      )}
      {lesson.type === 'video' && lesson.videoUrl && (
        <div className="aspect-video overflow-hidden rounded-2xl border border-ink-700 bg-black">
          <iframe
            src={lesson.videoUrl}
            title={t('viewer.videoTitle', { title: lesson.title })}
            className="h-full w-full"
            allow="accelerometer; autoplay; clipboard-write; encrypted-media; gyroscope; picture-in-picture; fullscreen"
            allowFullScreen
            referrerPolicy="strict-origin-when-cross-origin"
          />
        </div>
      )}
      {lesson.type === 'pdf' && lesson.pdfUrl && <PdfViewer title={lesson.title} url={lesson.pdfUrl} />}
      <RichText html={lesson.content ?? ''} />
      {lesson.type === 'quiz' && <QuizPanel key={lesson.id} source={source} lessonId={lesson.id} onCompleted={onQuizCompleted} />}
    </article>
  );
}
