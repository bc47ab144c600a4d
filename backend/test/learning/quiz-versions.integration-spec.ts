import { quizCourseBody, SEARCH_ENGINE_QUESTION } from '../factories/courses.factory';
import { adminToken, createUser, login } from '../factories/users.factory';
import { startTestApp, type TestApp } from '../support/test-app';

interface Choice {
  id: string;
  text: string;
}
interface Question {
  id: string;
  kind: string;
  prompt: string;
  options: Choice[];
}
interface QuestionResult extends Question {
  correct: boolean;
  yourAnswer: { optionIds?: string[]; value?: boolean; text?: string } | null;
  rightAnswer: unknown;
}
interface AdminLesson {
  id: number;
  type: string;
  quiz: { questions: Array<Record<string, unknown> & { id: string; kind: string }> } | null;
}

describe('quiz versions: a changed quiz starts a new version, old attempts stay readable and graded by their own', () => {
  let app: TestApp;
  let admin: string;

  const as = (method: 'get' | 'post' | 'put', path: string, bearer: string) => app.http[method](path).set('authorization', `Bearer ${bearer}`);
  const quizPath = (courseId: number, lessonId: number) => `/api/courses/${courseId}/lessons/${lessonId}/quiz`;

  const V1_QUESTIONS = [
    { ...SEARCH_ENGINE_QUESTION, explanation: 'Google indexes the web.' },
    { kind: 'true_false', prompt: 'Backlinks matter.', answer: true, explanation: 'They still do.' },
    { kind: 'short', prompt: 'Three letters for search engine optimisation?', acceptedAnswers: ['SEO'], explanation: 'S-E-O.' },
  ];

  /** v1: three questions, 70% to pass, two attempts, in a fixed order. */
  const authorCourse = async () => {
    const res = await as('post', '/api/admin/courses', admin)
      .send(quizCourseBody({ passMark: 70, attemptsAllowed: 2, shuffle: false, questions: V1_QUESTIONS }))
      .expect(201);
    return { courseId: res.body.id as number, quizId: res.body.lessons[1].id as number };
  };

  /**
   * v2, saved through the console: the first question keeps its id and answer but gets a new prompt, the
   * true/false one keeps its id and prompt but its answer flips, the short one is replaced by a new question.
   */
  const changeQuiz = async (courseId: number) => {
    const lessons: AdminLesson[] = (await as('get', `/api/admin/courses/${courseId}`, admin).expect(200)).body.lessons;
    const changed = lessons.map((l) => {
      if (l.type !== 'quiz' || !l.quiz) return l;
      const [choice, trueFalse] = l.quiz.questions;
      const questions = [
        { ...choice, prompt: 'Which of these is a search engine?' },
        { ...trueFalse, answer: false, explanation: 'Not any more.' },
        { kind: 'true_false', prompt: 'Keywords go in the title.', answer: true, explanation: 'They do.' },
      ];
      return { ...l, quiz: { ...l.quiz, questions } };
    });
    await as('put', `/api/admin/courses/${courseId}`, admin).send({ lessons: changed }).expect(200);
  };

  /** Answers by question: `choice` picks Google or Excel, every true/false question gets `value`, the short one `text`. */
  const answersFor = (questions: Question[], choice: 'Google' | 'Excel', value: boolean, text: string) =>
    questions.map((q) => {
      if (q.kind === 'single') return { questionId: q.id, optionIds: [q.options.find((o) => o.text === choice)!.id] };
      if (q.kind === 'true_false') return { questionId: q.id, value };
      return { questionId: q.id, text };
    });

  const attemptVersions = async (userId: string, lessonId: number) =>
    (
      await app.db.query(`SELECT attempt_number, quiz_version FROM quiz_attempts WHERE user_id = $1 AND lesson_id = $2 ORDER BY attempt_number`, [
        userId,
        lessonId,
      ])
    ).map((r: { attempt_number: number; quiz_version: number }) => [r.attempt_number, r.quiz_version]);

  beforeAll(async () => {
    app = await startTestApp();
    admin = (await adminToken(app)).token;
  });
  afterAll(() => app.close());

  it('keeps the version when the quiz is saved unchanged', async () => {
    const { courseId, quizId } = await authorCourse();
    const lessons = (await as('get', `/api/admin/courses/${courseId}`, admin).expect(200)).body.lessons;
    await as('put', `/api/admin/courses/${courseId}`, admin).send({ lessons }).expect(200);
    const token = await login(app, await createUser(app.db));
    expect((await as('get', quizPath(courseId, quizId), token).expect(200)).body).toMatchObject({ quizVersion: 1, attemptsLeft: 2 });
  });

  it('shows an attempt of v1 with v1 and grades a new one by v2, with a fresh set of attempts', async () => {
    const { courseId, quizId } = await authorCourse();
    const learner = await createUser(app.db);
    const token = await login(app, learner);

    // v1: the choice and true/false right, the short answer wrong: 2 of 3, failed, twice; no attempt left.
    const v1 = await as('get', quizPath(courseId, quizId), token).expect(200);
    expect(v1.body).toMatchObject({ quizVersion: 1, attemptsLeft: 2 });
    for (const attemptNumber of [1, 2]) {
      const failed = await as('post', `${quizPath(courseId, quizId)}/attempts`, token)
        .send({ answers: answersFor(v1.body.questions, 'Google', true, 'SEM') })
        .expect(200);
      expect(failed.body).toMatchObject({ result: { attemptNumber, quizVersion: 1, score: 66, passed: false }, attemptsLeft: 2 - attemptNumber });
    }
    await as('post', `${quizPath(courseId, quizId)}/attempts`, token)
      .send({ answers: answersFor(v1.body.questions, 'Google', true, 'SEM') })
      .expect(409);

    await changeQuiz(courseId);

    // The new version: its questions, and two attempts again; the last attempt is still v1's, read and graded by v1.
    const v2 = await as('get', quizPath(courseId, quizId), token).expect(200);
    expect(v2.body).toMatchObject({ quizVersion: 2, attemptsAllowed: 2, attemptsUsed: 0, attemptsLeft: 2, passed: false, bestScore: 66 });
    expect(v2.body.questions.map((q: Question) => q.prompt)).toEqual(['Which of these is a search engine?', 'Backlinks matter.', 'Keywords go in the title.']);
    const old = v2.body.lastAttempt;
    expect(old).toMatchObject({ attemptNumber: 2, quizVersion: 1, score: 66, passed: false, passMark: 70, correctCount: 2, questionCount: 3 });
    expect(old.questions.map((q: QuestionResult) => [q.prompt, q.correct])).toEqual([
      ['Which is a search engine?', true],
      ['Backlinks matter.', true],
      ['Three letters for search engine optimisation?', false],
    ]);
    expect(old.questions[2]).toMatchObject({ kind: 'short', yourAnswer: { text: 'SEM' }, explanation: 'S-E-O.' });
    expect(old.questions[1]).toMatchObject({ explanation: 'They still do.' });
    // Attempts are left on v2, so no answer is revealed (v2 shares questions with v1).
    expect(old.questions.every((q: QuestionResult) => q.rightAnswer === null)).toBe(true);

    // A question of v1 only is not part of v2.
    const goneQuestion = old.questions[2].id;
    const refused = await as('post', `${quizPath(courseId, quizId)}/attempts`, token)
      .send({ answers: [...answersFor(v2.body.questions, 'Google', true, ''), { questionId: goneQuestion, text: 'SEO' }] })
      .expect(400);
    expect(refused.body.message).toBe('Not a question of this quiz');

    // Answers to the version the learner was shown, which a publish replaced meanwhile: refused, nothing recorded.
    const stale = await as('post', `${quizPath(courseId, quizId)}/attempts`, token)
      .send({ answers: answersFor(v2.body.questions, 'Google', true, ''), quizVersion: 1 })
      .expect(409);
    expect(stale.body).toMatchObject({
      code: 'QUIZ_CHANGED',
      message: 'This quiz was updated since you opened it (now version 2). Reload it to answer the new questions.',
    });

    // The same kind of answers graded by v2: "Backlinks matter." is now false, the new question is true: 2 of 3 again, other questions.
    const graded = await as('post', `${quizPath(courseId, quizId)}/attempts`, token)
      .send({ answers: answersFor(v2.body.questions, 'Google', true, ''), quizVersion: 2 })
      .expect(200);
    expect(graded.body).toMatchObject({ result: { attemptNumber: 3, quizVersion: 2, score: 66, passed: false }, attemptsLeft: 1 });
    expect(graded.body.result.questions.map((q: QuestionResult) => [q.prompt, q.correct])).toEqual([
      ['Which of these is a search engine?', true],
      ['Backlinks matter.', false],
      ['Keywords go in the title.', true],
    ]);
    expect(await attemptVersions(learner.id, quizId)).toEqual([
      [1, 1],
      [2, 1],
      [3, 2],
    ]);

    const after = await as('get', quizPath(courseId, quizId), token).expect(200);
    expect(after.body).toMatchObject({ quizVersion: 2, attemptsUsed: 1, attemptsLeft: 1, lastAttempt: { attemptNumber: 3, quizVersion: 2 } });
    const view = await as('get', `/api/courses/${courseId}`, token).expect(200);
    expect(view.body.course.lessons.find((l: { id: number }) => l.id === quizId).quiz).toMatchObject({ attemptsUsed: 1, passed: false });

    // The console's statistics count v2's attempts on v2's questions.
    const stats = await as('get', `/api/admin/courses/${courseId}/lessons/${quizId}/quiz-stats`, admin).expect(200);
    expect(stats.body).toMatchObject({ quizVersion: 2, attempts: 1, learners: 1, passedLearners: 0, passRate: 0 });
    expect(stats.body.questions.map((q: { prompt: string; asked: number; correct: number }) => [q.prompt, q.asked, q.correct])).toEqual([
      ['Which of these is a search engine?', 1, 1],
      ['Backlinks matter.', 1, 0],
      ['Keywords go in the title.', 1, 1],
    ]);

    // Passing v2 with its last attempt completes the lesson.
    const passed = await as('post', `${quizPath(courseId, quizId)}/attempts`, token)
      .send({ answers: answersFor(v2.body.questions, 'Google', false, '').map((a, i) => (i === 2 ? { ...a, value: true } : a)) })
      .expect(200);
    expect(passed.body).toMatchObject({
      result: { attemptNumber: 4, quizVersion: 2, score: 100, passed: true },
      attemptsLeft: 0,
      completion: { completed: true },
    });
  });

  it('keeps a learner who passed v1 passed, with their v1 result and its answers, and gives them v2 attempts', async () => {
    const { courseId, quizId } = await authorCourse();
    const learner = await createUser(app.db);
    const token = await login(app, learner);
    const v1 = await as('get', quizPath(courseId, quizId), token).expect(200);
    const passed = await as('post', `${quizPath(courseId, quizId)}/attempts`, token)
      .send({ answers: answersFor(v1.body.questions, 'Google', true, 'seo') })
      .expect(200);
    expect(passed.body).toMatchObject({ result: { quizVersion: 1, score: 100, passed: true }, completion: { completed: true } });

    await changeQuiz(courseId);

    const v2 = await as('get', quizPath(courseId, quizId), token).expect(200);
    expect(v2.body).toMatchObject({ quizVersion: 2, attemptsUsed: 0, attemptsLeft: 2, passed: true, bestScore: 100 });
    expect(v2.body.lastAttempt).toMatchObject({ attemptNumber: 1, quizVersion: 1, score: 100, passed: true, correctCount: 3, questionCount: 3 });
    // Passed: the right answers shown are v1's.
    expect(v2.body.lastAttempt.questions.map((q: QuestionResult) => [q.prompt, q.correct, q.rightAnswer])).toEqual([
      ['Which is a search engine?', true, { optionIds: [v1.body.questions[0].options.find((o: Choice) => o.text === 'Google').id] }],
      ['Backlinks matter.', true, { value: true }],
      ['Three letters for search engine optimisation?', true, { acceptedAnswers: ['SEO'] }],
    ]);
    const view = await as('get', `/api/courses/${courseId}`, token).expect(200);
    expect(view.body.course.lessons.find((l: { id: number }) => l.id === quizId)).toMatchObject({
      completed: true,
      quiz: { passed: true, attemptsUsed: 0, bestScore: 100 },
    });
  });
});
