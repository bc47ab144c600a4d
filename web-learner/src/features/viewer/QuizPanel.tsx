import type { Translate } from '../../i18n/useTranslation';
import { useState } from 'react';
import { useTranslation } from '../../i18n/useTranslation';
import { ApiError } from '../../api/client';
import type { QuizAnswer, QuizAttemptResult, QuizQuestionForLearner } from '../../api/types';
import { Spinner } from '../../components/Spinner';
import { useQuiz } from './api/useQuiz';
import { useSubmitQuiz } from './api/useSubmitQuiz';
import { recordsProgress, type CourseSource } from './courseSource';
import '../../i18n/english/learning';

type Draft = Record<string, QuizAnswer>;

/** Whether the learner gave this question an answer (the server refuses an attempt with any unanswered). */
function isAnswered(answer: QuizAnswer | undefined): boolean {
  if (!answer) return false;
  if (answer.optionIds !== undefined) return answer.optionIds.length > 0;
  if (answer.text !== undefined) return answer.text.trim() !== '';
  return typeof answer.value === 'boolean';
}

function QuestionInput({
  question,
  index,
  answer,
  unanswered,
  onChange,
}: {
  question: QuizQuestionForLearner;
  index: number;
  answer: QuizAnswer | undefined;
  /** Shown after a submit was stopped because this question has no answer. */
  unanswered: boolean;
  onChange: (a: QuizAnswer) => void;
}) {
  const name = `question-${question.id}`;
  const picked = new Set(answer?.optionIds ?? []);
  const { t } = useTranslation();
  const noteId = `${name}-unanswered`;
  return (
    <fieldset
      className={`space-y-2 rounded-xl border p-4 ${unanswered ? 'border-rose-500/60' : 'border-ink-700'}`}
      aria-invalid={unanswered || undefined}
      aria-describedby={unanswered ? noteId : undefined}
    >
      <legend className="px-1 font-semibold text-white">
        {index + 1}. {question.prompt}
      </legend>
      {unanswered && (
        <p id={noteId} className="text-sm text-rose-200">
          {t('quiz.unansweredQuestion')}
        </p>
      )}
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
 * for grading once every one is answered; the result with explanations.
 * After a failed attempt, "Try again" brings the questions back, cleared,
 * and submits nothing: only "Submit answers" uses an attempt. A pass
 * completes the lesson (the course view is refreshed). In a preview the
 * attempt is graded the same way and recorded nowhere, which the result says.
 */
export function QuizPanel({ source, lessonId, onCompleted }: { source: CourseSource; lessonId: number; onCompleted?: (courseCompleted: boolean) => void }) {
  const quiz = useQuiz(source, lessonId);
  const [draft, setDraft] = useState<Draft>({});
  const [result, setResult] = useState<QuizAttemptResult | null>(null);
  /** The learner chose "Try again": the questions show instead of the last result. */
  const [retrying, setRetrying] = useState(false);
  /** The questions left unanswered when a submit was stopped (marked until answered). */
  const [missing, setMissing] = useState<string[]>([]);
  const { t } = useTranslation();
  const submit = useSubmitQuiz(source, lessonId);
  const submitAnswers = () =>
    submit.mutate(
      { answers: Object.values(draft), quizVersion: quiz.data?.quizVersion || undefined },
      {
        onSuccess: (answer) => {
          setResult(answer.result);
          setRetrying(false);
          setDraft({});
          if (answer.completion) onCompleted?.(answer.completion.courseCompleted);
        },
        // A new version of the quiz has other questions: the answers given to the old ones go.
        onError: (error) => {
          if (error instanceof ApiError && error.code === 'QUIZ_CHANGED') setDraft({});
        },
      },
    );

  if (quiz.isPending) return <p role="status">{t('quiz.loading')}</p>;
  if (quiz.isError) return <p role="alert">{t('quiz.failed', { message: quiz.error.message })}</p>;
  const q = quiz.data;
  const shown = result ?? q.lastAttempt;
  const canTry = !q.passed && q.attemptsLeft !== 0;
  const answering = canTry && (!shown || retrying);
  const stillMissing = missing.filter((id) => !isAnswered(draft[id]));
  const serverMissing = submit.error instanceof ApiError && submit.error.code === 'QUIZ_INCOMPLETE';
  return (
    <section aria-label={t('quiz.label')} className="space-y-4">
      <p className="text-slate-300">
        {t('quiz.summary', { passMark: q.passMark, count: q.questions.length })} ·{' '}
        {q.attemptsLeft === null ? t('quiz.unlimited') : t('quiz.attemptsLeft', { count: q.attemptsLeft })}
      </p>
      {shown && !answering && <Result result={shown} />}
      {result && !answering && !recordsProgress(source) && <p className="text-sm text-slate-400">{t('preview.attemptNotRecorded')}</p>}
      {shown && !answering && canTry && (
        <button
          type="button"
          className="btn-gold"
          onClick={() => {
            setDraft({});
            setMissing([]);
            submit.reset();
            setRetrying(true);
          }}
        >
          {t('quiz.tryAgain')}
        </button>
      )}
      {answering && (
        <form
          className="space-y-4"
          noValidate
          onSubmit={(e) => {
            e.preventDefault();
            const unanswered = q.questions.filter((question) => !isAnswered(draft[question.id])).map((question) => question.id);
            setMissing(unanswered);
            if (unanswered.length > 0) return;
            submitAnswers();
          }}
        >
          {q.questions.map((question, i) => (
            <QuestionInput
              key={question.id}
              question={question}
              index={i}
              answer={draft[question.id]}
              unanswered={stillMissing.includes(question.id)}
              onChange={(a) => setDraft((d) => ({ ...d, [question.id]: a }))}
            />
          ))}
          {stillMissing.length > 0 && (
            <p role="alert" className="text-rose-200">
              {t('quiz.unanswered', { count: stillMissing.length })}
            </p>
          )}
          {submit.isError && (
            <p role="alert" className="text-rose-200">
              {serverMissing ? t('quiz.unanswered', { count: Object.keys((submit.error as ApiError).errors).length }) : submit.error.message}
            </p>
          )}
          <button type="submit" className="btn-gold" disabled={submit.isPending}>
            {submit.isPending && <Spinner />} {t('quiz.submit')}
          </button>
        </form>
      )}
    </section>
  );
}
