// Loads one year of synthetic activity into a fresh product database: users,
// extra courses, ratings, and the event log (account.created, user.logged_in,
// payments, course.started, lesson.completed, course.completed) marked as
// processed by the analytics consumer, ready for a recompute to build the
// rollups. Set-based SQL, deterministic (no random()), so runs compare.

const CONSUMER = 'update-analytics-rollups';
const YEAR_SECONDS = 364 * 86400;

/** Event time: spread deterministically over the last 364 days. */
const at = (g, prime) => `now() - ((${g}::bigint * ${prime}) % ${YEAR_SECONDS}) * interval '1 second'`;

export async function loadYearOfActivity(client, { users = 50_000, completions = 1_000_000, courses = 24, log = console.log } = {}) {
  const step = async (what, sql) => {
    const started = Date.now();
    const res = await client.query(sql);
    log(`    ${what}: ${res.rowCount ?? ''} (${((Date.now() - started) / 1000).toFixed(1)} s)`);
  };
  await step(
    'courses',
    `
    INSERT INTO courses (title, description, instructor, category, status, price, total_lessons)
    SELECT 'Bench course ' || i, 'Synthetic', 'Bench', 'Marketing', 'published', (50 + (i % 5) * 25)::numeric, 10
      FROM generate_series(1, ${courses}) i`,
  );
  await step(
    'bench_courses',
    `
    CREATE TABLE bench_courses AS SELECT row_number() OVER (ORDER BY id)::int AS i, id, title, price::text AS price FROM courses WHERE status = 'published'`,
  );
  await step(
    'users',
    `
    INSERT INTO users (name, email, password_hash, role, status, plan, created_at)
    SELECT 'Learner ' || i, 'learner' || i || '@bench.example.com', 'not-a-hash', 'student', 'active', 'lifetime', now() - ((i::bigint * 7919) % ${YEAR_SECONDS}) * interval '1 second'
      FROM generate_series(1, ${users}) i`,
  );
  await step(
    'bench_users',
    `
    CREATE TABLE bench_users AS SELECT row_number() OVER (ORDER BY email)::int AS i, id, name, email, created_at FROM users WHERE email LIKE '%@bench.example.com'`,
  );
  await client.query(`CREATE UNIQUE INDEX ON bench_users (i)`);
  await client.query(`CREATE UNIQUE INDEX ON bench_courses (i)`);
  const nc = `(SELECT count(*) FROM bench_courses)`;

  const insertEvents = (what, count, type, aggregate, payload, prime) =>
    step(
      `${what} events`,
      `
      INSERT INTO outbox_events (id, type, aggregate_type, aggregate_id, payload, occurred_at, published_at)
      SELECT gen_random_uuid(), '${type}', '${aggregate}', g::text, ${payload}, t, t
        FROM (SELECT g, ${at('g', prime)} AS t FROM generate_series(1::bigint, ${count}::bigint) g) s
        JOIN bench_users u ON u.i = 1 + (g * 7919) % ${users}
        JOIN bench_courses c ON c.i = 1 + (g * 31) % ${nc}`,
    );

  await step(
    'account.created events',
    `
    INSERT INTO outbox_events (id, type, aggregate_type, aggregate_id, payload, occurred_at, published_at)
    SELECT gen_random_uuid(), 'account.created', 'user', u.id::text,
           jsonb_build_object('userId', u.id, 'email', u.email, 'name', u.name, 'paymentId', null), u.created_at, u.created_at
      FROM bench_users u`,
  );
  await step(
    'payment.confirmed events',
    `
    INSERT INTO outbox_events (id, type, aggregate_type, aggregate_id, payload, occurred_at, published_at)
    SELECT gen_random_uuid(), 'payment.confirmed', 'payment', u.id::text,
           jsonb_build_object('paymentId', gen_random_uuid(), 'email', u.email, 'amount', '497.00', 'currency', 'USD', 'provider', 'sandbox'), u.created_at, u.created_at
      FROM bench_users u`,
  );
  await insertEvents(
    'payment.refunded',
    Math.round(users / 100),
    'payment.refunded',
    'payment',
    `jsonb_build_object('paymentId', gen_random_uuid(), 'email', u.email, 'amount', '497.00', 'currency', 'USD', 'reason', 'bench', 'userId', u.id)`,
    104_723,
  );
  await insertEvents(
    'user.logged_in',
    users * 4,
    'user.logged_in',
    'user',
    `jsonb_build_object('userId', u.id, 'email', u.email, 'name', u.name, 'role', 'student')`,
    104_729,
  );
  await insertEvents(
    'course.started',
    users * 2,
    'course.started',
    'course',
    `jsonb_build_object('userId', u.id, 'userName', u.name, 'courseId', c.id, 'courseTitle', c.title, 'price', c.price)`,
    130_363,
  );
  await insertEvents(
    'lesson.completed',
    completions,
    'lesson.completed',
    'lesson',
    `jsonb_build_object('userId', u.id, 'userName', u.name, 'courseId', c.id, 'courseTitle', c.title, 'lessonId', 1 + g % 10, 'lessonTitle', 'Lesson ' || (1 + g % 10))`,
    15_485_863,
  );
  await insertEvents(
    'course.completed',
    Math.round(users * 0.6),
    'course.completed',
    'course',
    `jsonb_build_object('userId', u.id, 'userName', u.name, 'courseId', c.id, 'courseTitle', c.title)`,
    179_426_549,
  );
  await step(
    'ratings',
    `
    INSERT INTO course_ratings (user_id, course_id, stars)
    SELECT u.id, c.id, 1 + (u.i * 13 + c.i) % 5 FROM bench_users u JOIN bench_courses c ON c.i = 1 + (u.i * 31) % ${nc} WHERE u.i % 3 = 0
    ON CONFLICT DO NOTHING`,
  );
  await step(
    'processed_events',
    `
    INSERT INTO processed_events (consumer, event_id)
    SELECT '${CONSUMER}', id FROM outbox_events
     WHERE type IN ('account.created', 'user.logged_in', 'payment.confirmed', 'payment.refunded', 'course.started', 'lesson.completed', 'course.completed')`,
  );
  await step('analyze', `ANALYZE`);
}

/** As the API rounds it: passed attempts in percent with one decimal, null without attempts. */
const passRate = (passes, attempts) => (attempts === 0 ? null : Math.round((passes / attempts) * 1000) / 10);

/**
 * The 1y analytics answer computed the naive way: GROUP BY over the raw
 * event log on every request (using its (type, occurred_at) index where it
 * can). Same shape as GET /api/admin/analytics?range=1y.
 */
export async function naiveYearAnalytics(pool) {
  const start = `((now() AT TIME ZONE 'UTC')::date - 364)`;
  const since = `(${start}::timestamp AT TIME ZONE 'UTC')`;
  const activity = `('account.created', 'user.logged_in', 'lesson.completed', 'course.completed', 'course.started', 'quiz.attempted')`;
  const [totals, months, days, perCourse] = await Promise.all([
    pool.query(`
      SELECT count(*) FILTER (WHERE type IN ('account.created', 'user.created'))::int AS "newUsers",
             (coalesce(sum((payload->>'amount')::numeric) FILTER (WHERE type = 'payment.confirmed'), 0)
               - coalesce(sum((payload->>'amount')::numeric) FILTER (WHERE type = 'payment.refunded'), 0))::text AS revenue,
             count(*) FILTER (WHERE type = 'course.completed')::int AS completions,
             count(*) FILTER (WHERE type = 'quiz.attempted')::int AS "quizAttempts",
             count(*) FILTER (WHERE type = 'quiz.attempted' AND (payload->>'passed')::boolean)::int AS "quizPasses",
             count(*) FILTER (WHERE type = 'certificate.issued')::int AS "certificatesIssued",
             count(DISTINCT payload->>'userId') FILTER (WHERE type IN ${activity})::int AS "activeUsers"
        FROM outbox_events WHERE occurred_at >= ${since}
         AND type IN ('account.created', 'user.created', 'user.logged_in', 'payment.confirmed', 'payment.refunded', 'lesson.completed', 'course.completed',
                      'course.started', 'quiz.attempted', 'certificate.issued')`),
    pool.query(`
      SELECT to_char(m, 'Mon YYYY') AS month, count(e.*) FILTER (WHERE e.type IN ('account.created', 'user.created'))::int AS users,
             (coalesce(sum((e.payload->>'amount')::numeric) FILTER (WHERE e.type = 'payment.confirmed'), 0)
               - coalesce(sum((e.payload->>'amount')::numeric) FILTER (WHERE e.type = 'payment.refunded'), 0))::float8 AS revenue
        FROM generate_series(date_trunc('month', ${start}), date_trunc('month', (now() AT TIME ZONE 'UTC')::date), interval '1 month') m
        LEFT JOIN outbox_events e ON e.occurred_at >= ${since} AND e.type IN ('account.created', 'user.created', 'payment.confirmed', 'payment.refunded')
             AND date_trunc('month', e.occurred_at AT TIME ZONE 'UTC') = m
       GROUP BY m ORDER BY m`),
    pool.query(`
      SELECT to_char(g, 'YYYY-MM-DD') AS date, coalesce(d.active, 0) AS "activeUsers", coalesce(d.signups, 0) AS "newSignups"
        FROM generate_series(${start}, (now() AT TIME ZONE 'UTC')::date, interval '1 day') g
        LEFT JOIN (SELECT (occurred_at AT TIME ZONE 'UTC')::date AS day,
                          count(DISTINCT payload->>'userId') FILTER (WHERE type IN ${activity})::int AS active,
                          count(*) FILTER (WHERE type IN ('account.created', 'user.created'))::int AS signups
                     FROM outbox_events WHERE occurred_at >= ${since} AND type IN ('account.created', 'user.created', 'user.logged_in', 'lesson.completed', 'course.completed', 'course.started')
                    GROUP BY 1) d ON d.day = g::date
       ORDER BY g`),
    pool.query(`
      SELECT x.course_id AS "courseId", c.title AS course, x.completions, coalesce(r.rating, 0)::float8 AS rating, x.enrollments,
             x.quiz_attempts, x.quiz_passes, x.certificates_issued
        FROM (SELECT (payload->>'courseId')::int AS course_id, count(*) FILTER (WHERE type = 'course.completed')::int AS completions,
                     count(*) FILTER (WHERE type = 'course.started')::int AS enrollments,
                     count(*) FILTER (WHERE type = 'quiz.attempted')::int AS quiz_attempts,
                     count(*) FILTER (WHERE type = 'quiz.attempted' AND (payload->>'passed')::boolean)::int AS quiz_passes,
                     count(*) FILTER (WHERE type = 'certificate.issued')::int AS certificates_issued
                FROM outbox_events WHERE occurred_at >= ${since} AND type IN ('course.completed', 'course.started', 'quiz.attempted', 'certificate.issued') GROUP BY 1) x
        JOIN courses c ON c.id = x.course_id
        LEFT JOIN (SELECT course_id, round(avg(stars), 1) AS rating FROM course_ratings GROUP BY course_id) r ON r.course_id = x.course_id
       ORDER BY x.completions DESC, x.enrollments DESC, x.course_id LIMIT 50`),
  ]);
  const t = totals.rows[0];
  const usd = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD', minimumFractionDigits: 2 });
  return {
    range: '1y',
    stats: {
      newUsers: t.newUsers,
      activeUsers: t.activeUsers,
      revenue: usd.format(Number(t.revenue)),
      revenueByCurrency: [{ currency: 'USD', amount: Number(t.revenue).toFixed(2), formatted: usd.format(Number(t.revenue)) }],
      completions: t.completions,
      quizAttempts: t.quizAttempts,
      quizPasses: t.quizPasses,
      quizPassRate: passRate(t.quizPasses, t.quizAttempts),
      certificatesIssued: t.certificatesIssued,
    },
    userGrowth: months.rows.map((m) => ({ month: m.month, users: m.users })),
    // The synthetic sales are all in USD: one series.
    revenueCurrencies: ['USD'],
    revenueData: months.rows.map((m) => ({ month: m.month, revenue: { USD: m.revenue } })),
    coursePerformance: perCourse.rows.map(({ quiz_attempts, quiz_passes, certificates_issued, ...c }) => ({
      ...c,
      quizAttempts: quiz_attempts,
      quizPassRate: passRate(quiz_passes, quiz_attempts),
      certificatesIssued: certificates_issued,
    })),
    userActivity: days.rows,
  };
}
