import { Fragment, useState } from 'react';
import type { LessonPost } from '../../api/types';
import { formatDateTime } from '../../i18n/format';
import { useTranslation } from '../../i18n/useTranslation';
import '../../i18n/english/learning';
import { useLessonQuestions } from './api/useLessonQuestions';
import { usePostLessonQuestion } from './api/usePostLessonQuestion';

type Post = LessonPost;

const URL_PATTERN = /(https?:\/\/[^\s<>"']+)/g;

/** Plain text with its web addresses as links (nothing else is markup). */
function Linked({ text }: { text: string }) {
  return (
    <p className="whitespace-pre-wrap text-slate-200">
      {text.split(URL_PATTERN).map((part, i) =>
        i % 2 === 1 ? (
          <a key={i} href={part} target="_blank" rel="noopener noreferrer nofollow ugc" className="text-gold-300 underline">
            {part}
          </a>
        ) : (
          <Fragment key={i}>{part}</Fragment>
        ),
      )}
    </p>
  );
}

function PostView({ post }: { post: Post }) {
  const { t, language } = useTranslation();
  return (
    <div className="space-y-1">
      <p className="text-xs text-slate-400">
        <span className="font-semibold text-white">{post.author}</span>
        {post.instructor && <span className="ml-2 rounded-full bg-gold-500/20 px-2 py-0.5 text-gold-300">{t('questions.instructor')}</span>} ·{' '}
        {formatDateTime(post.createdAt, language)}
      </p>
      <Linked text={post.body} />
    </div>
  );
}

function Composer({
  label,
  submitLabel,
  onSubmit,
  pending,
}: {
  label: string;
  submitLabel: string;
  onSubmit: (body: string) => Promise<unknown>;
  pending: boolean;
}) {
  const [body, setBody] = useState('');
  return (
    <form
      className="space-y-2"
      onSubmit={(e) => {
        e.preventDefault();
        void onSubmit(body).then(() => setBody(''));
      }}
    >
      <textarea className="field min-h-20 w-full" aria-label={label} value={body} maxLength={2000} onChange={(e) => setBody(e.target.value)} />
      <button type="submit" className="btn-ghost" disabled={pending || !body.trim()}>
        {submitLabel}
      </button>
    </form>
  );
}

/** Questions and answers under a lesson: ask, reply, read the instructor's answers. */
export function QuestionsPanel({ courseId, lessonId }: { courseId: number; lessonId: number }) {
  const questions = useLessonQuestions(courseId, lessonId);
  const post = usePostLessonQuestion(courseId, lessonId);
  const { t } = useTranslation();
  return (
    <section aria-label={t('questions.title')} className="card space-y-4 p-5 sm:p-8">
      <h2 className="text-lg font-semibold text-white">{t('questions.title')}</h2>
      <Composer label={t('questions.askLabel')} submitLabel={t('questions.ask')} pending={post.isPending} onSubmit={(body) => post.mutateAsync({ body })} />
      {post.isError && (
        <p role="alert" className="text-sm text-rose-200">
          {post.error.message}
        </p>
      )}
      {questions.isPending && <p role="status">{t('questions.loading')}</p>}
      {questions.isError && <p className="text-sm text-rose-200">{t('questions.failed', { message: questions.error.message })}</p>}
      {questions.data?.length === 0 && <p className="text-sm text-slate-400">{t('questions.none')}</p>}
      <ul className="space-y-4">
        {questions.data?.map((q) => (
          <li key={q.id} className="space-y-3 rounded-xl border border-ink-700 p-4" data-testid="question">
            <PostView post={q} />
            {q.replies.length > 0 && (
              <ul className="space-y-3 border-l-2 border-ink-700 pl-4">
                {q.replies.map((r) => (
                  <li key={r.id}>
                    <PostView post={r} />
                  </li>
                ))}
              </ul>
            )}
            <details>
              <summary className="cursor-pointer text-sm text-slate-400">{t('questions.reply')}</summary>
              <Composer
                label={t('questions.replyTo', { author: q.author })}
                submitLabel={t('questions.reply')}
                pending={post.isPending}
                onSubmit={(body) => post.mutateAsync({ body, parentId: q.id })}
              />
            </details>
          </li>
        ))}
      </ul>
    </section>
  );
}
