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

describe('quiz lessons: authoring, grading on the server, pass mark and completion', () => {
  let app: TestApp;
  let admin: string;
  let learnerId: string;
  let token: string;

  const as = (method: 'get' | 'post' | 'put' | 'delete', path: string, bearer: string) => app.http[method](path).set('authorization', `Bearer ${bearer}`);

  /** A published course: a text lesson, then a 3-question quiz with a 70% pass mark (single, true/false, short) and `attemptsAllowed`. */
  const authorCourse = async (attemptsAllowed = 0) => {
    const res = await as('post', '/api/admin/courses', admin)
      .send(
        quizCourseBody({
          passMark: 70,
          attemptsAllowed,
          shuffle: true,
          questions: [
            { ...SEARCH_ENGINE_QUESTION, explanation: 'Google indexes the web.' },
            { kind: 'true_false', prompt: 'Backlinks matter.', answer: true, explanation: 'They still do.' },
            { kind: 'short', prompt: 'Three letters for search engine optimisation?', acceptedAnswers: ['SEO'], explanation: 'S-E-O.' },
          ],
        }),
      )
      .expect(201);
    return { courseId: res.body.id as number, textId: res.body.lessons[0].id as number, quizId: res.body.lessons[1].id as number, admin: res.body };
  };

  const quizPath = (courseId: number, lessonId: number) => `/api/courses/${courseId}/lessons/${lessonId}/quiz`;

  /** Answers by prompt: `right` lists the prompts answered correctly, the others are answered wrong. */
  const answersFor = (questions: Question[], right: string[]) =>
    questions.map((q) => {
      const ok = right.some((p) => q.prompt.startsWith(p));
      if (q.kind === 'single') return { questionId: q.id, optionIds: [q.options.find((o) => o.text === (ok ? 'Google' : 'Excel'))!.id] };
      if (q.kind === 'true_false') return { questionId: q.id, value: ok };
      return { questionId: q.id, text: ok ? '  seo ' : 'SEM' };
    });

  beforeAll(async () => {
    app = await startTestApp();
    admin = (await adminToken(app)).token;
    const learner = await createUser(app.db);
    learnerId = learner.id;
    token = await login(app, learner);
  });
  afterAll(() => app.close());

  it('stores the quiz with its answers for the console, and refuses an incomplete one with field errors, storing nothing', async () => {
    const { admin: course } = await authorCourse();
    expect(course.lessons[1].quiz).toMatchObject({ passMark: 70, attemptsAllowed: 0, shuffle: true });
    expect(course.lessons[1].quiz.questions[0].options).toEqual([
      { id: expect.any(String), text: 'Google', correct: true },
      { id: expect.any(String), text: 'Excel', correct: false },
    ]);

    const before = await app.db.query(`SELECT count(*)::int AS n FROM courses`);
    const bad = await as('post', '/api/admin/courses', admin)
      .send({
        title: 'Broken quiz',
        description: 'x',
        instructor: 'x',
        duration: '1h',
        totalLessons: 1,
        category: 'Traffic',
        price: 10,
        lessons: [
          {
            title: 'Q',
            duration: '1m',
            order: 1,
            type: 'quiz',
            quiz: { passMark: 70, questions: [{ kind: 'single', prompt: 'Pick', options: [{ text: 'a' }, { text: 'b' }] }] },
          },
          { title: 'Q2', duration: '1m', order: 2, type: 'quiz' },
        ],
      })
      .expect(400);
    expect(bad.body.errors).toMatchObject({
      'lessons.0.quiz.questions.0.options': 'Mark exactly one choice as correct',
      'lessons.1.quiz': 'A quiz lesson needs a quiz with at least one question',
    });
    expect(await app.db.query(`SELECT count(*)::int AS n FROM courses`)).toEqual(before);
  });

  it('sends the questions without their answers, grades on the server, and completes the lesson only on a pass', async () => {
    const { courseId, textId, quizId } = await authorCourse();

    // The course view and the quiz before any submission carry nothing that tells the right answer.
    const view = await as('get', `/api/courses/${courseId}`, token).expect(200);
    const quizLesson = view.body.course.lessons.find((l: { id: number }) => l.id === quizId);
    expect(quizLesson).toMatchObject({ type: 'quiz', quiz: { passMark: 70, questionCount: 3, attemptsUsed: 0, passed: false } });
    const before = await as('get', quizPath(courseId, quizId), token).expect(200);
    expect(before.body).toMatchObject({ passMark: 70, attemptsUsed: 0, attemptsLeft: null, passed: false, lastAttempt: null });
    const questions: Question[] = before.body.questions;
    expect(questions).toHaveLength(3);
    for (const payload of [JSON.stringify(before.body), JSON.stringify(view.body)]) {
      expect(payload).not.toMatch(/"correct"|acceptedAnswers|"answer"|explanation|SEO"|Google indexes|They still do/);
    }
    for (const q of questions) expect(Object.keys(q).sort()).toEqual(['id', 'kind', 'options', 'prompt']);

    // Completing the quiz lesson by hand is refused until the quiz is passed.
    const refused = await as('post', `/api/courses/${courseId}/lessons/${quizId}/complete`, token).send({}).expect(409);
    expect(refused.body.code).toBe('QUIZ_NOT_PASSED');

    // 2 of 3 (66%) is below 70%: failed, no completion, explanations shown, right answers not yet.
    const failed = await as('post', `${quizPath(courseId, quizId)}/attempts`, token)
      .send({ answers: answersFor(questions, ['Which', 'Backlinks']) })
      .expect(200);
    expect(failed.body).toMatchObject({
      success: true,
      completion: null,
      result: { attemptNumber: 1, score: 66, passed: false, correctCount: 2, questionCount: 3 },
    });
    const shortResult = failed.body.result.questions.find((q: { kind: string }) => q.kind === 'short');
    expect(shortResult).toMatchObject({ correct: false, yourAnswer: { text: 'SEM' }, explanation: 'S-E-O.', rightAnswer: null });
    const completions = async () =>
      (await app.db.query(`SELECT count(*)::int AS n FROM outbox_events WHERE type = 'lesson.completed' AND payload->>'lessonId' = $1`, [String(quizId)]))[0].n;
    expect(await completions()).toBe(0);

    // Answers that do not belong to the quiz are a 400 and store nothing.
    const foreign = await as('post', `${quizPath(courseId, quizId)}/attempts`, token)
      .send({ answers: [{ questionId: questions.find((q) => q.kind === 'single')!.id, optionIds: ['nope'] }] })
      .expect(400);
    expect(foreign.body.message).toBe('Not a choice of this question');
    const wrongKind = await as('post', `${quizPath(courseId, quizId)}/attempts`, token)
      .send({ answers: [{ questionId: questions.find((q) => q.kind === 'true_false')!.id, text: 'yes' }] })
      .expect(400);
    expect(wrongKind.body.message).toBe('Answer true or false');
    expect((await app.db.query(`SELECT count(*)::int AS n FROM quiz_attempts WHERE lesson_id = $1`, [quizId]))[0].n).toBe(1);

    // All right (the short answer compared without case or spaces): passed, the lesson completes with lesson.completed.
    await as('post', `/api/courses/${courseId}/lessons/${textId}/complete`, token).send({}).expect(200);
    const passed = await as('post', `${quizPath(courseId, quizId)}/attempts`, token)
      .send({ answers: answersFor(questions, ['Which', 'Backlinks', 'Three']) })
      .expect(200);
    expect(passed.body).toMatchObject({
      result: { attemptNumber: 2, score: 100, passed: true },
      completion: { lessonId: quizId, completed: true, progress: 100, courseCompleted: true },
    });
    expect(passed.body.result.questions.find((q: { kind: string }) => q.kind === 'short').rightAnswer).toEqual({ acceptedAnswers: ['SEO'] });
    expect(await completions()).toBe(1);
    const [courseDone] = await app.db.query(
      `SELECT count(*)::int AS n FROM outbox_events WHERE type = 'course.completed' AND payload->>'courseId' = $1 AND payload->>'userId' = $2`,
      [String(courseId), learnerId],
    );
    expect(courseDone.n).toBe(1);
    const [attempted] = await app.db.query(`SELECT count(*)::int AS n FROM outbox_events WHERE type = 'quiz.attempted' AND payload->>'lessonId' = $1`, [
      String(quizId),
    ]);
    expect(attempted.n).toBe(2);

    const after = await as('get', `/api/courses/${courseId}`, token).expect(200);
    expect(after.body.course.lessons.find((l: { id: number }) => l.id === quizId)).toMatchObject({
      completed: true,
      quiz: { passed: true, attemptsUsed: 2, bestScore: 100 },
    });

    // The console's statistics: where learners fail.
    const stats = await as('get', `/api/admin/courses/${courseId}/lessons/${quizId}/quiz-stats`, admin).expect(200);
    expect(stats.body).toMatchObject({ attempts: 2, learners: 1, passedLearners: 1, passRate: 50 });
    const short = stats.body.questions.find((q: { kind: string }) => q.kind === 'short');
    expect(short).toMatchObject({ asked: 2, correct: 1, correctRate: 50 });
    const single = stats.body.questions.find((q: { kind: string }) => q.kind === 'single');
    expect(single.options.map((o: { text: string; picked: number }) => [o.text, o.picked])).toEqual([
      ['Google', 2],
      ['Excel', 0],
    ]);
    // Learners cannot read the statistics.
    await as('get', `/api/admin/courses/${courseId}/lessons/${quizId}/quiz-stats`, token).expect(403);
  });

  it('limits attempts, counting concurrent submissions one after the other', async () => {
    const { courseId, quizId } = await authorCourse(2);
    const other = await createUser(app.db);
    const otherToken = await login(app, other);
    const { body } = await as('get', quizPath(courseId, quizId), otherToken).expect(200);
    const wrong = answersFor(body.questions, []);
    const results = await Promise.all(
      [1, 2, 3, 4].map(async () => (await as('post', `${quizPath(courseId, quizId)}/attempts`, otherToken).send({ answers: wrong })).status),
    );
    expect(results.sort()).toEqual([200, 200, 409, 409]);
    const [{ n }] = await app.db.query(`SELECT count(*)::int AS n FROM quiz_attempts WHERE lesson_id = $1 AND user_id = $2`, [quizId, other.id]);
    expect(n).toBe(2);
    // Out of attempts: the right answers are revealed with the last result.
    const last = await as('get', quizPath(courseId, quizId), otherToken).expect(200);
    expect(last.body).toMatchObject({ attemptsUsed: 2, attemptsLeft: 0, passed: false });
    expect(last.body.lastAttempt.questions.every((q: { rightAnswer: unknown }) => q.rightAnswer !== null)).toBe(true);
  });

  it('refuses an attempt with unanswered questions (empty, half-filled or blank text): a 400 that records nothing and costs no attempt', async () => {
    const { courseId, quizId } = await authorCourse(1);
    const learner = await createUser(app.db);
    const learnerToken = await login(app, learner);
    const { body } = await as('get', quizPath(courseId, quizId), learnerToken).expect(200);
    const questions: Question[] = body.questions;
    const all = answersFor(questions, ['Which', 'Backlinks', 'Three']);
    const short = questions.find((q) => q.kind === 'short')!;
    const choice = questions.find((q) => q.kind === 'single')!;
    const submissions = [
      [],
      all.slice(0, 2),
      all.map((a) => (a.questionId === short.id ? { questionId: short.id, text: '   ' } : a)),
      all.map((a) => (a.questionId === choice.id ? { questionId: choice.id, optionIds: [] } : a)),
    ];
    for (const answers of submissions) {
      const refused = await as('post', `${quizPath(courseId, quizId)}/attempts`, learnerToken)
        .send({ answers })
        .expect(400);
      expect(refused.body).toMatchObject({
        statusCode: 400,
        code: 'QUIZ_INCOMPLETE',
        message: expect.stringMatching(/^Answer every question before you submit: \d of 3/),
      });
    }
    expect(
      (
        await as('post', `${quizPath(courseId, quizId)}/attempts`, learnerToken)
          .send({ answers: [] })
          .expect(400)
      ).body.errors,
    ).toEqual(Object.fromEntries(questions.map((q) => [`questions.${q.id}`, 'Answer this question'])));
    const [{ attempts, events }] = await app.db.query(
      `SELECT (SELECT count(*)::int FROM quiz_attempts WHERE lesson_id = $1 AND user_id = $2) AS attempts,
              (SELECT count(*)::int FROM outbox_events WHERE type = 'quiz.attempted' AND payload->>'userId' = $2::text) AS events`,
      [quizId, learner.id],
    );
    expect({ attempts, events }).toEqual({ attempts: 0, events: 0 });
    // The one attempt this quiz allows is still there, and a complete submission uses it.
    expect((await as('get', quizPath(courseId, quizId), learnerToken).expect(200)).body).toMatchObject({ attemptsUsed: 0, attemptsLeft: 1 });
    await as('post', `${quizPath(courseId, quizId)}/attempts`, learnerToken)
      .send({ answers: all })
      .expect(200);
  });

  it('needs access: a learner without it reads no quiz', async () => {
    const { courseId, quizId } = await authorCourse();
    const free = await createUser(app.db, { access: false });
    const freeToken = await login(app, free);
    await as('get', quizPath(courseId, quizId), freeToken).expect(403);
    await as('post', `${quizPath(courseId, quizId)}/attempts`, freeToken)
      .send({ answers: [] })
      .expect(403);
  });
});
