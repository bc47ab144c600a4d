import DOMPurify from 'dompurify';
import { useMemo } from 'react';
import type { Lesson } from '../../api/types';
import { PdfViewer } from './PdfViewer';

function RichText({ html }: { html: string }) {
  const safe = useMemo(() => DOMPurify.sanitize(html, { USE_PROFILES: { html: true } }), [html]);
  if (!safe.trim()) return null;
  return <div className="lesson-content" dangerouslySetInnerHTML={{ __html: safe }} />;
}

/** One lesson: the embedded player, the sanitised text or the PDF widget. */
export function LessonContent({ lesson }: { lesson: Lesson }) {
  return (
    <article aria-labelledby="lesson-title" className="space-y-6">
      <header>
        <p className="text-xs font-semibold tracking-wide text-gold-300 uppercase">
          {lesson.type} lesson · {lesson.duration || '10 min'}
        </p>
        <h2 id="lesson-title" className="mt-1 text-2xl font-bold text-white">
          {lesson.title}
        </h2>
      </header>
      {lesson.type === 'video' && lesson.videoUrl && (
        <div className="aspect-video overflow-hidden rounded-2xl border border-ink-700 bg-black">
          <iframe
            src={lesson.videoUrl}
            title={`Video: ${lesson.title}`}
            className="h-full w-full"
            allow="accelerometer; autoplay; clipboard-write; encrypted-media; gyroscope; picture-in-picture; fullscreen"
            allowFullScreen
            referrerPolicy="strict-origin-when-cross-origin"
          />
        </div>
      )}
      {lesson.type === 'pdf' && lesson.pdfUrl && <PdfViewer title={lesson.title} url={lesson.pdfUrl} />}
      <RichText html={lesson.content ?? ''} />
    </article>
  );
}
