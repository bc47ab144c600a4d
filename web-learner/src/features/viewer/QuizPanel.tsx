import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Translate } from '../../i18n/useTranslation';
import { useState } from 'react';
import { useTranslation } from '../../i18n/useTranslation';
import { fetchQuiz, submitQuiz } from '../../api/courses';
import { queryKeys } from '../../api/queries';
import type { Course, QuizAnswer, QuizAttemptResult, QuizQuestionForLearner } from '../../api/types';
import { Spinner } from '../../components/Spinner';
import '../../i18n/english/learning';

type Draft = Record<string, QuizAnswer>;

function QuestionInput({
  question,
  index,
  answer,
  onChange,
}: {
  question: QuizQuestionForLearner;
  index: number;
  answer: QuizAnswer | undefined;
  onChange: (a: QuizAnswer) => void;
}) {
  const name = `question-${question.id}`;
  const picked = new Set(answer?.optionIds ?? []);
  const { t } = useTranslation();
  return (
    <fieldset className="space-y-2 rounded-xl border border-ink-700 p-4">
      <legend className="px-1 font-semibold text-white">
        {index + 1}. {question.prompt}
      </legend>
      {question.kind === 'single' &&
        question.options.map((o) => (
          <label key={o.id} className="flex items-center gap-2 text-slate-200">
            <input type="radio" name={name} checked={picked.has(o.id)} onChange={() => onChange({ questionId: question.id, optionIds: [o.id] })} />
            {o.text}
          </label>
        ))}
      {question.kind === 'multiple' &&
        question.options.map((o) => (
          <label key={o.id} className="flex items-center gap-2 text-slate-200">
            <input
              type="checkbox"
              checked={picked.has(o.id)}
              onChange={(e) => {
                const next = new Set(picked);
                if (e.target.checked) next.add(o.id);
                else next.delete(o.id);
                onChange({ questionId: question.id, optionIds: [...next] });
              }}
            />
            {o.text}
          </label>
        ))}
      {question.kind === 'true_false' &&
        [true, false].map((value) => (
          <label key={String(value)} className="flex items-center gap-2 text-slate-200">
            <input type="radio" name={name} checked={answer?.value === value} onChange={() => onChange({ questionId: question.id, value })} />
            {value ? t('quiz.true') : t('quiz.false')}
          </label>
        ))}
      {question.kind === 'short' && (
        <input
          type="text"
          className="field w-full"
          aria-label={t('quiz.answerTo', { index: index + 1 })}
          value={answer?.text ?? ''}
          maxLength={200}
          onChange={(e) => onChange({ questionId: question.id, text: e.target.value })}
        />
      )}
    </fieldset>
  );
}

function answerText(
  t: Translate,
  q: QuizAttemptResult['questions'][number],
  answer: { optionIds?: string[]; value?: boolean; text?: string; acceptedAnswers?: string[] } | null,
): string {
  if (!answer) return t('quiz.noAnswer');
  if (answer.optionIds) return answer.optionIds.map((id) => q.options.find((o) => o.id === id)?.text ?? id).join(', ') || t('quiz.noAnswer');
  if (answer.value !== undefined) return answer.value ? t('quiz.true') : t('quiz.false');
  if (answer.acceptedAnswers) return answer.acceptedAnswers.join(' / ');
  return answer.text || t('quiz.noAnswer');
}

function Result({ result }: { result: QuizAttemptResult }) {
  const { t } = useTranslation();
  return (
    <section aria-label={t('quiz.result')} className="space-y-3">
      <p
        role="status"
        className={`rounded-xl border p-4 font-semibold ${result.passed ? 'border-emerald-500/40 bg-emerald-500/10 text-emerald-200' : 'border-rose-500/40 bg-rose-500/10 text-rose-200'}`}
      >
        {t(result.passed ? 'quiz.passed' : 'quiz.notPassed', {
          score: result.score,
          right: result.correctCount,
          total: result.questionCount,
          passMark: result.passMark,
        })}
      </p>
      <ol className="space-y-2">
        {result.questions.map((q) => (
          <li key={q.id} className="rounded-xl border border-ink-700 p-3 text-sm">
            <p className="font-semibold text-white">
              <span aria-label={q.correct ? t('quiz.right') : t('quiz.wrong')}>{q.correct ? '✓' : '✗'}</span> {q.prompt}
            </p>
            <p className="text-slate-300">{t('quiz.yourAnswer', { answer: answerText(t, q, q.yourAnswer) })}</p>
            {q.rightAnswer && <p className="text-slate-300">{t('quiz.rightAnswer', { answer: answerText(t, q, q.rightAnswer) })}</p>}
            {q.explanation && <p className="text-slate-400">{q.explanation}</p>}
          </li>
        ))}
      </ol>
    </section>
  );
}

/**
 * A quiz lesson: the questions (their answers stay on the server), submitted
 * for grading; the result with explanations, and another try while attempts
 * remain. A pass completes the lesson (the course view is refreshed).
 */
export function QuizPanel({ courseId, lessonId, onCompleted }: { courseId: number; lessonId: number; onCompleted?: (courseCompleted: boolean) => void }) {
  const queryClient = useQueryClient();
  const key = ['quiz', courseId, lessonId] as const;
  const quiz = useQuery({ queryKey: key, queryFn: () => fetchQuiz(courseId, lessonId) });
  const [draft, setDraft] = useState<Draft>({});
  const [result, setResult] = useState<QuizAttemptResult | null>(null);
  const { t } = useTranslation();
  const submit = useMutation({
    mutationFn: () => submitQuiz(courseId, lessonId, Object.values(draft)),
    onSuccess: (answer) => {
      setResult(answer.result);
      setDraft({});
      if (answer.completion) {
        queryClient.setQueryData<Course>(
          queryKeys.course(courseId),
          (old) =>
            old && {
              ...old,
              progress: answer.completion!.progress,
              completedLessons: answer.completion!.completedLessons,
              lessons: old.lessons.map((l) => (l.id === lessonId ? { ...l, completed: true } : l)),
            },
        );
        onCompleted?.(answer.completion.courseCompleted);
      }
      void queryClient.invalidateQueries({ queryKey: key });
      void queryClient.invalidateQueries({ queryKey: queryKeys.course(courseId) });
    },
  });

  if (quiz.isPending) return <p role="status">{t('quiz.loading')}</p>;
  if (quiz.isError) return <p role="alert">{t('quiz.failed', { message: quiz.error.message })}</p>;
  const q = quiz.data;
  const shown = result ?? q.lastAttempt;
  const canTry = !q.passed && q.attemptsLeft !== 0;
  return (
    <section aria-label={t('quiz.label')} className="space-y-4">
      <p className="text-slate-300">
        {t('quiz.summary', { passMark: q.passMark, count: q.questions.length })} ·{' '}
        {q.attemptsLeft === null ? t('quiz.unlimited') : t('quiz.attemptsLeft', { count: q.attemptsLeft })}
      </p>
      {shown && <Result result={shown} />}
      {canTry && (
        <form
          className="space-y-4"
          onSubmit={(e) => {
            e.preventDefault();
            submit.mutate();
          }}
        >
          {q.questions.map((question, i) => (
            <QuestionInput
              key={question.id}
              question={question}
              index={i}
              answer={draft[question.id]}
              onChange={(a) => setDraft((d) => ({ ...d, [question.id]: a }))}
            />
          ))}
          {submit.isError && (
            <p role="alert" className="text-rose-200">
              {submit.error.message}
            </p>
          )}
          <button type="submit" className="btn-gold" disabled={submit.isPending}>
            {submit.isPending && <Spinner />} {shown ? t('quiz.tryAgain') : t('quiz.submit')}
          </button>
        </form>
      )}
    </section>
  );
}
