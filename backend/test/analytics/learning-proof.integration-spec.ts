import { quizCourseBody, SEARCH_ENGINE_QUESTION } from '../factories/courses.factory';
import { adminToken, createUser, login } from '../factories/users.factory';
import { eventually, startTestApp, type TestApp } from '../support/test-app';

interface Question {
  id: string;
  kind: string;
  options: Array<{ id: string; text: string }>;
}

/**
 * Quiz attempts, the pass rate and certificates issued on the console's
 * Analytics page: counted from real submissions and a real certificate (the
 * worker keeps the rollups), per range and per course, and the rebuild from
 * the event log agrees with them.
 */
describe('analytics of quizzes and certificates', () => {
  let app: TestApp;
  let admin: string;

  const as = (method: 'get' | 'post', path: string, bearer: string) => app.http[method](path).set('authorization', `Bearer ${bearer}`);

  beforeAll(async () => {
    app = await startTestApp({ worker: true });
    admin = (await adminToken(app)).token;
  });
  afterAll(() => app.close());

  it('shows the attempts, pass rate and certificates of the range in total and per course, and the recompute finds no difference', async () => {
    const created = await as('post', '/api/admin/courses', admin)
      .send(
        quizCourseBody(
          {
            passMark: 100,
            attemptsAllowed: 0,
            shuffle: false,
            questions: [SEARCH_ENGINE_QUESTION],
          },
          'Proven Skills',
        ),
      )
      .expect(201);
    const courseId: number = created.body.id;
    const [textId, quizId]: number[] = created.body.lessons.map((l: { id: number }) => l.id);
    const quizPath = `/api/courses/${courseId}/lessons/${quizId}/quiz`;
    const attempt = async (token: string, pick: 'Google' | 'Excel') => {
      const [question]: Question[] = (await as('get', quizPath, token).expect(200)).body.questions;
      await as('post', `${quizPath}/attempts`, token)
        .send({ answers: [{ questionId: question.id, optionIds: [question.options.find((o) => o.text === pick)!.id] }] })
        .expect(200);
    };

    // One learner fails, then passes and completes the course (a certificate); another fails twice.
    const finisher = await login(app, await createUser(app.db));
    await as('post', `/api/courses/${courseId}/lessons/${textId}/complete`, finisher).send({}).expect(200);
    await attempt(finisher, 'Excel');
    await attempt(finisher, 'Google');
    const struggler = await login(app, await createUser(app.db));
    await attempt(struggler, 'Excel');
    await attempt(struggler, 'Excel');

    const analytics = async () => (await as('get', '/api/admin/analytics?range=7d', admin).expect(200)).body;
    const settled = await eventually(
      async () => {
        const body = await analytics();
        return body.stats.quizAttempts === 4 && body.stats.certificatesIssued === 1 ? body : null;
      },
      { what: 'quiz attempts and the certificate counted by the rollups' },
    );
    expect(settled.stats).toMatchObject({ quizAttempts: 4, quizPasses: 1, quizPassRate: 25, certificatesIssued: 1, completions: 1 });
    expect(settled.coursePerformance).toEqual([
      expect.objectContaining({ courseId, course: 'Proven Skills', completions: 1, quizAttempts: 4, quizPassRate: 25, certificatesIssued: 1 }),
    ]);

    // The rebuild from the event log agrees with what the events did, and the page's figures stay the same.
    await as('post', '/api/admin/analytics/recompute', admin).expect(202);
    const run = await eventually(
      async () =>
        (await as('get', '/api/admin/analytics/recompute-runs', admin).expect(200)).body.runs.find((r: { finishedAt: string | null }) => r.finishedAt),
      { what: 'recompute run finished' },
    );
    expect(run.error).toBeNull();
    expect(Object.values(run.differences).every((n) => n === 0)).toBe(true);
    expect((await analytics()).stats).toEqual(settled.stats);
  });
});
