import AddIcon from '@mui/icons-material/Add';
import DeleteIcon from '@mui/icons-material/Delete';
import { Box, Button, Checkbox, FormControlLabel, IconButton, MenuItem, Paper, Radio, Stack, Switch, TextField, Typography } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { useInput } from 'react-admin';
import { useWatch } from 'react-hook-form';
import { api } from '../../api';
import { plural } from '../../common/plural';
import type { QuestionKind, Quiz, QuizQuestion } from '../../api';

interface QuizStats {
  attempts: number;
  learners: number;
  passedLearners: number;
  passRate: number | null;
  averageScore: number | null;
  questions: Array<{ id: string; prompt: string; asked: number; correctRate: number | null }>;
}

/** Where learners fail: a saved quiz lesson's attempts, pass rate and each question's share of right answers. */
function QuizStatistics() {
  const id = useWatch({ name: 'id' }) as number | undefined;
  const courseId = useWatch({ name: 'courseId' }) as number | undefined;
  const stats = useQuery({
    queryKey: ['quiz-stats', courseId, id],
    queryFn: (): Promise<QuizStats> =>
      api('get', '/api/admin/courses/{courseId}/lessons/{lessonId}/quiz-stats', { path: { courseId: courseId!, lessonId: id! } }),
    enabled: typeof id === 'number' && typeof courseId === 'number',
    retry: false,
  });
  if (!stats.data || stats.data.attempts === 0) return null;
  const s = stats.data;
  return (
    <Box component="section" aria-label="Quiz statistics" sx={{ mt: 2 }}>
      <Typography variant="subtitle2">
        Statistics: {plural(s.attempts, 'attempt')} by {plural(s.learners, 'learner')}, {s.passedLearners} passed, pass rate {s.passRate ?? 0}%, average score{' '}
        {s.averageScore ?? 0}%
      </Typography>
      {s.questions.map((q, i) => (
        <Typography key={q.id} variant="body2" color="text.secondary">
          Question {i + 1} ({q.prompt}): {q.correctRate ?? 0}% right of {q.asked}
        </Typography>
      ))}
    </Box>
  );
}

const KINDS: Array<{ id: QuestionKind; name: string }> = [
  { id: 'single', name: 'Single choice' },
  { id: 'multiple', name: 'Multiple choice' },
  { id: 'true_false', name: 'True / false' },
  { id: 'short', name: 'Short exact answer' },
];

export const newQuiz = (): Quiz => ({ passMark: 70, attemptsAllowed: 0, shuffle: false, questions: [] });

const newQuestion = (): QuizQuestion => ({
  kind: 'single',
  prompt: '',
  options: [
    { text: '', correct: true },
    { text: '', correct: false },
  ],
  answer: null,
  acceptedAnswers: [],
  explanation: '',
});

/** What the author must still fix before saving (the server checks the same and answers on the field). */
export function quizProblem(quiz: Quiz | null | undefined): string | undefined {
  if (!quiz || !Array.isArray(quiz.questions) || quiz.questions.length === 0) return 'Add at least one question';
  if (!(quiz.passMark >= 1 && quiz.passMark <= 100)) return 'The pass mark is a percent between 1 and 100';
  for (const [i, q] of quiz.questions.entries()) {
    const n = i + 1;
    if (!q.prompt.trim()) return `Question ${n} needs a text`;
    if (q.kind === 'single' || q.kind === 'multiple') {
      if (q.options.length < 2 || q.options.some((o) => !o.text.trim())) return `Question ${n} needs at least two choices, each with a text`;
      const right = q.options.filter((o) => o.correct).length;
      if (q.kind === 'single' ? right !== 1 : right === 0)
        return `Question ${n}: mark ${q.kind === 'single' ? 'exactly one' : 'at least one'} choice as correct`;
    }
    if (q.kind === 'true_false' && q.answer === null) return `Question ${n}: choose true or false`;
    if (q.kind === 'short' && q.acceptedAnswers.every((a) => !a.trim())) return `Question ${n} needs an accepted answer`;
  }
  return undefined;
}

function QuestionEditor({
  question,
  index,
  onChange,
  onRemove,
}: {
  question: QuizQuestion;
  index: number;
  onChange: (q: QuizQuestion) => void;
  onRemove: () => void;
}) {
  const n = index + 1;
  const setKind = (kind: QuestionKind) =>
    onChange({
      ...question,
      kind,
      options: kind === 'single' || kind === 'multiple' ? (question.options.length ? question.options : newQuestion().options) : [],
      answer: kind === 'true_false' ? (question.answer ?? true) : null,
      acceptedAnswers: kind === 'short' ? question.acceptedAnswers : [],
    });
  const setOption = (i: number, patch: Partial<QuizQuestion['options'][number]>) =>
    onChange({
      ...question,
      options: question.options.map((o, j) => (j === i ? { ...o, ...patch } : question.kind === 'single' && patch.correct ? { ...o, correct: false } : o)),
    });
  return (
    <Paper variant="outlined" sx={{ p: 2 }} component="fieldset" aria-label={`Question ${n}`}>
      <Stack spacing={2}>
        <Stack direction="row" spacing={2} alignItems="center">
          <Typography component="legend" variant="subtitle2" sx={{ flex: 1 }}>
            Question {n}
          </Typography>
          <IconButton aria-label={`Remove question ${n}`} onClick={onRemove} size="small">
            <DeleteIcon fontSize="small" />
          </IconButton>
        </Stack>
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
          <TextField select label={`Question ${n} type`} value={question.kind} onChange={(e) => setKind(e.target.value as QuestionKind)} sx={{ minWidth: 200 }}>
            {KINDS.map((k) => (
              <MenuItem key={k.id} value={k.id}>
                {k.name}
              </MenuItem>
            ))}
          </TextField>
          <TextField
            label={`Question ${n} text`}
            value={question.prompt}
            onChange={(e) => onChange({ ...question, prompt: e.target.value })}
            fullWidth
            required
          />
        </Stack>
        {(question.kind === 'single' || question.kind === 'multiple') && (
          <Stack spacing={1}>
            {question.options.map((o, i) => (
              <Stack key={i} direction="row" spacing={1} alignItems="center">
                {question.kind === 'single' ? (
                  <Radio
                    checked={o.correct}
                    onChange={() => setOption(i, { correct: true })}
                    inputProps={{ 'aria-label': `Question ${n} choice ${i + 1} is correct` }}
                  />
                ) : (
                  <Checkbox
                    checked={o.correct}
                    onChange={(e) => setOption(i, { correct: e.target.checked })}
                    inputProps={{ 'aria-label': `Question ${n} choice ${i + 1} is correct` }}
                  />
                )}
                <TextField
                  size="small"
                  label={`Question ${n} choice ${i + 1}`}
                  value={o.text}
                  onChange={(e) => setOption(i, { text: e.target.value })}
                  fullWidth
                />
                <IconButton
                  aria-label={`Remove question ${n} choice ${i + 1}`}
                  size="small"
                  disabled={question.options.length <= 2}
                  onClick={() => onChange({ ...question, options: question.options.filter((_, j) => j !== i) })}
                >
                  <DeleteIcon fontSize="small" />
                </IconButton>
              </Stack>
            ))}
            <Box>
              <Button
                size="small"
                startIcon={<AddIcon />}
                onClick={() => onChange({ ...question, options: [...question.options, { text: '', correct: false }] })}
                disabled={question.options.length >= 10}
              >
                Add choice
              </Button>
            </Box>
          </Stack>
        )}
        {question.kind === 'true_false' && (
          <TextField
            select
            label={`Question ${n} answer`}
            value={question.answer === false ? 'false' : 'true'}
            onChange={(e) => onChange({ ...question, answer: e.target.value === 'true' })}
            sx={{ maxWidth: 200 }}
          >
            <MenuItem value="true">True</MenuItem>
            <MenuItem value="false">False</MenuItem>
          </TextField>
        )}
        {question.kind === 'short' && (
          <TextField
            label={`Question ${n} accepted answers`}
            helperText="Separate answers with a comma; case, accents and spaces do not matter"
            value={question.acceptedAnswers.join(', ')}
            onChange={(e) => onChange({ ...question, acceptedAnswers: e.target.value.split(',').map((a) => a.trimStart()) })}
            fullWidth
          />
        )}
        <TextField
          label={`Question ${n} explanation`}
          helperText="Shown with the result after a submission"
          value={question.explanation}
          onChange={(e) => onChange({ ...question, explanation: e.target.value })}
          multiline
          fullWidth
        />
      </Stack>
    </Paper>
  );
}

/** The quiz of a quiz lesson, in the lesson dialog: pass mark, attempts, shuffle and the questions with their answers and explanations. */
export function QuizEditor({ source = 'quiz' }: { source?: string }) {
  // No format: react-admin's default turns an empty value into '' (a text input's empty value).
  const { field, fieldState } = useInput<Quiz | null>({ source, format: (value: unknown) => value, validate: (value: Quiz | null) => quizProblem(value) });
  const value: unknown = field.value;
  const quiz: Quiz = value && typeof value === 'object' && Array.isArray((value as Quiz).questions) ? (value as Quiz) : newQuiz();
  const set = (patch: Partial<Quiz>) => field.onChange({ ...quiz, ...patch });
  const setQuestion = (i: number, q: QuizQuestion) => set({ questions: quiz.questions.map((x, j) => (j === i ? q : x)) });
  return (
    <Box component="section" aria-label="Quiz" sx={{ my: 2 }}>
      <Typography component="h3" variant="subtitle1" sx={{ fontWeight: 600, mb: 1 }}>
        Quiz
      </Typography>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} alignItems={{ sm: 'center' }} sx={{ mb: 2 }}>
        <TextField
          label="Pass mark (%)"
          type="number"
          value={quiz.passMark}
          onChange={(e) => set({ passMark: Math.trunc(Number(e.target.value)) })}
          slotProps={{ htmlInput: { min: 1, max: 100 } }}
        />
        <TextField
          label="Attempts allowed"
          type="number"
          helperText="0 = unlimited"
          value={quiz.attemptsAllowed}
          onChange={(e) => set({ attemptsAllowed: Math.max(0, Math.trunc(Number(e.target.value))) })}
          slotProps={{ htmlInput: { min: 0 } }}
        />
        <FormControlLabel
          control={<Switch checked={quiz.shuffle} onChange={(e) => set({ shuffle: e.target.checked })} />}
          label="Shuffle questions and choices"
        />
      </Stack>
      <Stack spacing={2}>
        {quiz.questions.map((q, i) => (
          <QuestionEditor
            key={i}
            question={q}
            index={i}
            onChange={(next) => setQuestion(i, next)}
            onRemove={() => set({ questions: quiz.questions.filter((_, j) => j !== i) })}
          />
        ))}
      </Stack>
      <Button sx={{ mt: 1 }} startIcon={<AddIcon />} onClick={() => set({ questions: [...quiz.questions, newQuestion()] })}>
        Add question
      </Button>
      <QuizStatistics />
      {fieldState.error && (
        <Typography role="alert" color="error" variant="body2">
          {fieldState.error.message}
        </Typography>
      )}
    </Box>
  );
}
