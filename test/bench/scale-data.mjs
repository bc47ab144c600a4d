// Seeds a product database at the size of a school that sells well: users,
// payments (with history and webhook deliveries for one in ten), the admin
// audit log, lesson-completion events in the event log, and the analytics
// rollups built from them. Set-based SQL over generate_series, deterministic
// (no random()), so two runs hold the same data.
//
// Bulk loading: the secondary indexes of the big tables are dropped before
// the inserts and rebuilt afterwards (a sort per index instead of millions of
// random B-tree and GIN inserts), then everything is vacuumed and analysed,
// as autovacuum would have done on a live school.

const FIRST = `ARRAY['James','Mary','Robert','Patricia','John','Jennifer','Michael','Linda','David','Elizabeth','William','Barbara','Richard','Susan','Joseph','Jessica','Thomas','Sarah','Carlos','Karen','Daniel','Lisa','Matthew','Nancy','Anthony','Betty','Mark','Sandra','Donald','Ashley','Steven','Kimberly','Andrew','Emily','Paul','Donna','Joshua','Michelle','Kenneth','Carol','Kevin','Amanda','Brian','Melissa','George','Deborah','Timothy','Stephanie','Ronald','Rebecca','Jason','Laura','Edward','Sharon','Jeffrey','Cynthia','Ryan','Kathleen','Jacob','Amy','Gary','Angela','Nicholas','Shirley','Eric','Anna','Jonathan','Brenda','Stephen','Pamela','Larry','Emma','Justin','Nicole','Scott','Helen','Brandon','Samantha','Benjamin','Katherine','Samuel','Christine','Gregory','Debra','Alexander','Rachel','Frank','Carolyn','Patrick','Janet','Raymond','Maria','Jack','Olivia','Dennis','Heather','Jerry','Diana','Tyler','Sofia','Aaron','Lucia','Mateo','Camila','Lukas','Chloe','Hugo','Ines','Yuki','Aiko','Ivan','Olga','Arjun','Priya','Kwame','Amara','Liam','Noor']`;
const LAST = `ARRAY['Smith','Johnson','Williams','Brown','Jones','Garcia','Miller','Davis','Rodriguez','Martinez','Hernandez','Lopez','Gonzalez','Wilson','Anderson','Thomas','Taylor','Moore','Jackson','Martin','Lee','Perez','Thompson','White','Harris','Sanchez','Clark','Ramirez','Lewis','Robinson','Walker','Young','Allen','King','Wright','Scott','Torres','Nguyen','Hill','Flores','Green','Adams','Nelson','Baker','Hall','Rivera','Campbell','Mitchell','Carter','Roberts','Gomez','Phillips','Evans','Turner','Diaz','Parker','Cruz','Edwards','Collins','Reyes','Stewart','Morris','Morales','Murphy','Cook','Rogers','Gutierrez','Ortiz','Morgan','Cooper','Peterson','Bailey','Reed','Kelly','Howard','Ramos','Kim','Cox','Ward','Richardson','Watson','Brooks','Chavez','Wood','James','Bennett','Gray','Mendoza','Ruiz','Hughes','Price','Alvarez','Castillo','Sanders','Patel','Myers','Long','Ross','Foster','Jimenez','Schmidt','Muller','Rossi','Dubois','Tanaka','Sato','Ivanova','Kowalski','Novak','Silva','Santos','Costa','Okafor','Mensah','Haddad','Larsen','Berg','Nakamura']`;
const DOMAINS = `ARRAY['gmail.com','yahoo.com','outlook.com','hotmail.com','icloud.com','proton.me','gmx.de','mail.ru','web.de','aol.com','yandex.com','live.com','orange.fr','libero.it','example.org','affiliates.io']`;
const count = (array) => array.split(',').length;
const nFirst = count(FIRST);
const nLast = count(LAST);
const nDomains = count(DOMAINS);
const THREE_YEARS = 3 * 365 * 86400;

/** Name and email of bench user number `i` (an SQL expression of i), the same wherever the seed needs them. */
const userName = (i) => `(${FIRST})[(1 + (${i}) % ${nFirst})::int] || ' ' || (${LAST})[(1 + ((${i}) / ${nFirst}) % ${nLast})::int]`;
const userEmail = (i) =>
  `lower((${FIRST})[(1 + (${i}) % ${nFirst})::int] || '.' || (${LAST})[(1 + ((${i}) / ${nFirst}) % ${nLast})::int]) || (${i}) || '@' || (${DOMAINS})[(1 + ((${i}) * 31) % ${nDomains})::int]`;

export function scaleSizes(scale = 1) {
  const n = (x) => Math.max(100, Math.round(x * scale));
  return { users: n(1_000_000), payments: n(1_000_000), audit: n(5_000_000), events: n(10_000_000), courses: 24 };
}

const BIG_TABLES = ['users', 'payments', 'payment_state_history', 'payment_events', 'audit_log', 'outbox_events', 'user_daily_activity', 'course_completions'];

export async function seedScale(client, { scale = 1, log = console.log } = {}) {
  const size = scaleSizes(scale);
  const { users: N, payments: P, audit: A, events: E, courses: C } = size;
  const learners = Math.max(10, Math.floor(N / 4));
  const step = async (what, sql, params) => {
    const started = Date.now();
    const res = await client.query(sql, params);
    log(`    ${what}: ${res.rowCount ?? ''} (${((Date.now() - started) / 1000).toFixed(1)} s)`);
    return res;
  };
  await client.query(`SET synchronous_commit = off`);
  await client.query(`SET maintenance_work_mem = '1GB'`);
  await client.query(`SET max_parallel_maintenance_workers = 2`);
  await client.query(`SET statement_timeout = 0`);

  // Secondary indexes (not those backing a primary key or unique constraint) are rebuilt after the load.
  const { rows: indexes } = await client.query(
    `SELECT i.indexrelid::regclass::text AS name, pg_get_indexdef(i.indexrelid) AS def
       FROM pg_index i JOIN pg_class t ON t.oid = i.indrelid
      WHERE t.relname = ANY($1) AND t.relnamespace = 'public'::regnamespace
        AND NOT EXISTS (SELECT 1 FROM pg_constraint c WHERE c.conindid = i.indexrelid)`,
    [BIG_TABLES],
  );
  for (const ix of indexes) await client.query(`DROP INDEX ${ix.name}`);
  log(`    dropped ${indexes.length} secondary indexes for the load`);

  await step(
    'courses',
    `INSERT INTO courses (title, description, instructor, category, status, price, total_lessons)
     SELECT 'Scale course ' || i, 'Synthetic', 'Bench', 'Marketing', 'published', (50 + (i % 5) * 25)::numeric, 10 FROM generate_series(1, ${C}) i`,
  );
  await client.query(
    `CREATE TEMP TABLE scale_courses AS SELECT row_number() OVER (ORDER BY id)::int AS i, id, title, price FROM courses WHERE title LIKE 'Scale course %'`,
  );

  // Users: created over three years in order of i; 88% active, 7% inactive, 5% suspended; one admin in 20,000.
  await step(
    'users',
    `INSERT INTO users (name, email, password_hash, role, status, plan, join_date, last_login_at, created_at, updated_at)
     SELECT name, email, 'bench-not-a-hash', role, status, plan, created_at::date,
            CASE WHEN (i * 13) % 10 < 7 THEN created_at + ((i::bigint * 7919) % greatest(1, extract(epoch FROM now() - created_at)::bigint)) * interval '1 second' END,
            created_at, created_at
       FROM (SELECT i, ${userName('i')} AS name, ${userEmail('i')} AS email,
                    CASE WHEN i % 20000 = 0 THEN 'admin' ELSE 'student' END AS role,
                    CASE WHEN (i * 37) % 100 < 88 THEN 'active' WHEN (i * 37) % 100 < 95 THEN 'inactive' ELSE 'suspended' END AS status,
                    CASE WHEN (i * 53) % 100 < 45 THEN 'free' WHEN (i * 53) % 100 < 60 THEN 'premium' ELSE 'lifetime' END AS plan,
                    now() - ((${N} - i)::float8 * ${THREE_YEARS} / ${N} + (i % 97)) * interval '1 second' AS created_at
               FROM generate_series(1, ${N}) i) s`,
  );
  // Bench user number i is the number in its email (first.last<i>@domain).
  await step(
    'user numbers',
    `CREATE TEMP TABLE scale_users AS SELECT substring(email from '(\\d+)@')::int AS i, id FROM users WHERE password_hash = 'bench-not-a-hash'`,
  );
  await client.query(`CREATE UNIQUE INDEX ON scale_users (i)`);
  await client.query(`ANALYZE scale_users`);

  // Payments: 85% by a user of the school, the rest by buyers who never created an account; states as a live shop has them.
  const state = `CASE WHEN (j * 61) % 100 < 56 THEN 'PAID' WHEN (j * 61) % 100 < 70 THEN 'EXPIRED' WHEN (j * 61) % 100 < 80 THEN 'AWAITING_PAYMENT'
                      WHEN (j * 61) % 100 < 86 THEN 'FAILED' WHEN (j * 61) % 100 < 89 THEN 'UNDERPAID' WHEN (j * 61) % 100 < 92 THEN 'REFUNDED'
                      WHEN (j * 61) % 100 < 95 THEN 'CONFIRMING' WHEN (j * 61) % 100 < 96 THEN 'MANUAL_REVIEW' ELSE 'PAID' END`;
  await step(
    'payments',
    `INSERT INTO payments (id, email, amount, currency, currency_code, network, pay_currency, provider, provider_ref, provider_payment_id, provider_status,
                           state, checkout_url, claimed_by_user_id, claimed_at, paid_at, refunded_at, refund_reason, claim_reminder_at, created_at, updated_at)
     SELECT gen_random_uuid(), CASE WHEN j % 100 < 85 THEN ${userEmail('ui')} ELSE 'buyer' || j || '@' || (${DOMAINS})[1 + (j * 7) % ${nDomains}] END,
            497.00, 'USD', (ARRAY['BTC','ETH','USDT','USDC','LTC'])[1 + j % 5], (ARRAY['Bitcoin Network','Ethereum Network','Tron (TRC-20)','Ethereum (ERC-20)','Litecoin Network'])[1 + j % 5],
            (ARRAY['btc','eth','usdttrc20','usdc','ltc'])[1 + j % 5], CASE WHEN j % 10 = 0 THEN 'sandbox' ELSE 'nowpayments' END, 'ref-' || j,
            CASE WHEN st IN ('PAID','REFUNDED','UNDERPAID','CONFIRMING') THEN (4000000000 + j)::text END,
            CASE st WHEN 'PAID' THEN 'finished' WHEN 'REFUNDED' THEN 'refunded' WHEN 'EXPIRED' THEN 'expired' WHEN 'FAILED' THEN 'failed'
                    WHEN 'UNDERPAID' THEN 'partially_paid' WHEN 'CONFIRMING' THEN 'confirming' ELSE 'waiting' END,
            st, 'https://nowpayments.io/payment/?iid=' || (5000000000 + j),
            CASE WHEN st IN ('PAID','REFUNDED') AND j % 100 < 85 THEN su.id END, CASE WHEN st IN ('PAID','REFUNDED') AND j % 100 < 85 THEN created_at + interval '20 minutes' END,
            CASE WHEN st IN ('PAID','REFUNDED') THEN created_at + interval '12 minutes' END, CASE WHEN st = 'REFUNDED' THEN created_at + interval '9 days' END,
            CASE WHEN st = 'REFUNDED' THEN 'Asked within the refund window' END,
            CASE WHEN st = 'PAID' AND j % 100 >= 85 THEN created_at + interval '2 days' END, created_at,
            created_at + CASE WHEN st = 'REFUNDED' THEN interval '9 days' WHEN st IN ('AWAITING_PAYMENT','CONFIRMING') THEN interval '1 minute' ELSE interval '24 hours' END
       FROM (SELECT j, 1 + (j::bigint * 7919) % ${N} AS ui, ${state} AS st,
                    now() - ((${P} - j)::float8 * ${THREE_YEARS} / ${P} + (j % 89)) * interval '1 second' AS created_at
               FROM generate_series(1, ${P}) j) s
       JOIN scale_users su ON su.i = s.ui`,
  );
  await step(
    'payment state history (one payment in ten)',
    `INSERT INTO payment_state_history (payment_id, from_state, to_state, reason, at)
     SELECT p.id, h.from_state, h.to_state, h.reason, p.created_at + h.after
       FROM payments p
      CROSS JOIN LATERAL (VALUES (NULL, 'CREATED', 'checkout requested', interval '0'), ('CREATED', 'AWAITING_PAYMENT', 'provider checkout created', interval '1 second'),
                                 ('AWAITING_PAYMENT', p.state, 'IPN ' || coalesce(p.provider_status, 'waiting'), interval '12 minutes')) h(from_state, to_state, reason, after)
      WHERE p.provider_ref ~ '0$' AND (h.to_state <> 'AWAITING_PAYMENT' OR h.from_state = 'CREATED')`,
  );
  await step(
    'payment webhook deliveries (one payment in ten)',
    `INSERT INTO payment_events (payment_id, provider, source, dedupe_key, provider_status, raw_body, payload, received_at, processed_at, outcome)
     SELECT p.id, p.provider, 'webhook', p.provider || ':' || p.provider_ref || ':' || coalesce(p.provider_status, 'waiting'), p.provider_status,
            json_build_object('order_id', p.id, 'payment_status', p.provider_status, 'price_amount', 497)::text,
            jsonb_build_object('order_id', p.id, 'payment_status', p.provider_status, 'price_amount', 497),
            p.created_at + interval '12 minutes', p.created_at + interval '12 minutes', 'applied'
       FROM payments p WHERE p.provider_ref ~ '0$' AND p.provider_status IS NOT NULL`,
  );

  // The audit log: twenty administrators' actions over three years, oldest first.
  const action = `CASE WHEN (k * 17) % 100 < 60 THEN 'update' WHEN (k * 17) % 100 < 80 THEN 'create' WHEN (k * 17) % 100 < 88 THEN 'delete'
                       WHEN (k * 17) % 100 < 93 THEN 'refund' WHEN (k * 17) % 100 < 97 THEN 'sign-out' ELSE 'reconcile' END`;
  await step(
    'audit log',
    `INSERT INTO audit_log (actor_id, actor_email, action, resource, resource_id, summary, changes, at)
     SELECT NULL, CASE WHEN k % 1000 = 0 THEN 'cli' ELSE 'admin' || (1 + k % 20) || '@school.example.com' END, act, res,
            CASE res WHEN 'users' THEN (10000000 + ui)::text WHEN 'payments' THEN (20000000 + k)::text ELSE (1 + k % 400)::text END,
            CASE res WHEN 'users' THEN initcap(act) || 'd user ' || ${userName('ui')} || ' (' || ${userEmail('ui')} || ')'
                     WHEN 'payments' THEN CASE act WHEN 'refund' THEN 'Refunded payment of ' || ${userEmail('ui')} || ': asked within the window'
                                                   ELSE 'Reconciled payment of ' || ${userEmail('ui')} END
                     WHEN 'courses' THEN initcap(act) || 'd course Scale course ' || (1 + k % ${C})
                     WHEN 'lessons' THEN initcap(act) || 'd lesson ' || (1 + k % 10) || ' of Scale course ' || (1 + k % ${C})
                     ELSE 'Updated settings: ' || (ARRAY['general','security','notifications','system','payments','email'])[1 + k % 6] END,
            CASE WHEN act = 'update' THEN jsonb_build_object('before', jsonb_build_object('status', 'active'), 'after', jsonb_build_object('status', 'suspended')) END,
            now() - ((${A} - k)::float8 * ${THREE_YEARS} / ${A}) * interval '1 second'
       FROM (SELECT k, 1 + (k::bigint * 7919) % ${N} AS ui, ${action} AS act,
                    CASE WHEN (k * 17) % 100 BETWEEN 88 AND 92 OR (k * 17) % 100 >= 97 THEN 'payments'
                         WHEN (k * 29) % 100 < 62 THEN 'users' WHEN (k * 29) % 100 < 82 THEN 'courses' WHEN (k * 29) % 100 < 95 THEN 'lessons' ELSE 'settings' END AS res
               FROM generate_series(1, ${A}) k) s`,
  );

  // Lesson completions: a quarter of the users learn (learner lu is user number 4 * lu), 10 lessons of a course on each of their
  // study days (4 per day), over the last year. Generated once into a temporary table (no WAL) that the event log and every rollup read.
  const perLearner = Math.max(1, Math.floor(E / learners));
  await step(
    'learners',
    `CREATE TEMP TABLE scale_learners AS SELECT s.i / 4 AS lu, s.id, ${userName('s.i')} AS name FROM scale_users s WHERE s.i % 4 = 0 AND s.i / 4 <= ${learners}`,
  );
  await client.query(`CREATE UNIQUE INDEX ON scale_learners (lu)`);
  await step(
    'completions (staging)',
    `CREATE TEMP TABLE scale_events AS
     SELECT g, lu, (1 + (lu * 31 + k / 10) % ${C})::int AS ci, (1 + k % 10)::int AS lesson,
            least(now(), (date_trunc('day', now() AT TIME ZONE 'UTC') AT TIME ZONE 'UTC') - ((lu * 7919 + (k / 4) * 104729) % 364) * interval '1 day'
                         + ((lu * 131 + k % 4 * 977) % 86000) * interval '1 second') AS at
       FROM (SELECT g, 1 + ((g - 1) % ${learners}) AS lu, (g - 1) / ${learners} AS k FROM generate_series(1::bigint, ${learners * perLearner}::bigint) g) x`,
  );
  await step(
    'lesson.completed events',
    `INSERT INTO outbox_events (id, type, aggregate_type, aggregate_id, payload, occurred_at, published_at)
     SELECT ('00000000-0000-4000-8000-' || lpad(to_hex(e.g), 12, '0'))::uuid, 'lesson.completed', 'lesson', (e.ci * 100 + e.lesson)::text,
            jsonb_build_object('userId', l.id, 'userName', l.name, 'courseId', c.id, 'courseTitle', c.title,
                               'lessonId', e.ci * 100 + e.lesson, 'lessonTitle', 'Lesson ' || e.lesson),
            e.at, e.at
       FROM scale_events e JOIN scale_learners l ON l.lu = e.lu JOIN scale_courses c ON c.i = e.ci`,
  );
  await step(
    'course completions',
    `INSERT INTO course_completions (user_id, course_id, completed_at)
     SELECT l.id, c.id, min(e.at) FROM scale_events e JOIN scale_learners l ON l.lu = e.lu JOIN scale_courses c ON c.i = e.ci
      WHERE e.lesson = 10 GROUP BY l.id, c.id`,
  );

  // The rollups, as the analytics consumer would have kept them.
  await step(
    'user_daily_activity',
    `INSERT INTO user_daily_activity (user_id, day, first_at, last_at)
     SELECT l.id, d.day, d.first_at, d.last_at
       FROM (SELECT lu, (at AT TIME ZONE 'UTC')::date AS day, min(at) AS first_at, max(at) AS last_at FROM scale_events GROUP BY 1, 2) d
       JOIN scale_learners l ON l.lu = d.lu`,
  );
  await step('user_last_activity', `INSERT INTO user_last_activity (user_id, last_day) SELECT user_id, max(day) FROM user_daily_activity GROUP BY user_id`);
  await step('last_activity_days', `INSERT INTO last_activity_days (day, users) SELECT last_day, count(*) FROM user_last_activity GROUP BY last_day`);
  await step(
    'course_daily_metrics',
    `INSERT INTO course_daily_metrics (course_id, day, completions, enrollments, revenue)
     SELECT c.id, d.day, d.done, d.started, d.started * c.price
       FROM (SELECT ci, (at AT TIME ZONE 'UTC')::date AS day, count(*) FILTER (WHERE lesson = 10) AS done, count(*) FILTER (WHERE lesson = 1) AS started
               FROM scale_events GROUP BY 1, 2) d
       JOIN scale_courses c ON c.i = d.ci`,
  );
  await step(
    'daily_metrics',
    `INSERT INTO daily_metrics (day, new_signups, active_users, payments_confirmed, payments_refunded, lesson_completions, course_completions, enrollments)
     SELECT d.day, coalesce(s.n, 0), coalesce(a.n, 0), coalesce(p.confirmed, 0), coalesce(r.n, 0), coalesce(l.n, 0), coalesce(l.done, 0), coalesce(l.started, 0)
       FROM (SELECT generate_series((now() AT TIME ZONE 'UTC')::date - 3 * 365, (now() AT TIME ZONE 'UTC')::date, interval '1 day')::date AS day) d
       LEFT JOIN (SELECT (created_at AT TIME ZONE 'UTC')::date AS day, count(*) AS n FROM users GROUP BY 1) s ON s.day = d.day
       LEFT JOIN (SELECT day, count(*) AS n FROM user_daily_activity GROUP BY 1) a ON a.day = d.day
       LEFT JOIN (SELECT (paid_at AT TIME ZONE 'UTC')::date AS day, count(*) AS confirmed FROM payments WHERE paid_at IS NOT NULL GROUP BY 1) p ON p.day = d.day
       LEFT JOIN (SELECT (refunded_at AT TIME ZONE 'UTC')::date AS day, count(*) AS n FROM payments WHERE refunded_at IS NOT NULL GROUP BY 1) r ON r.day = d.day
       LEFT JOIN (SELECT (at AT TIME ZONE 'UTC')::date AS day, count(*) AS n, count(*) FILTER (WHERE lesson = 10) AS done, count(*) FILTER (WHERE lesson = 1) AS started
                    FROM scale_events GROUP BY 1) l ON l.day = d.day
     ON CONFLICT (day) DO UPDATE SET new_signups = daily_metrics.new_signups + EXCLUDED.new_signups, active_users = EXCLUDED.active_users,
       payments_confirmed = daily_metrics.payments_confirmed + EXCLUDED.payments_confirmed,
       payments_refunded = daily_metrics.payments_refunded + EXCLUDED.payments_refunded, lesson_completions = daily_metrics.lesson_completions + EXCLUDED.lesson_completions,
       course_completions = daily_metrics.course_completions + EXCLUDED.course_completions, enrollments = daily_metrics.enrollments + EXCLUDED.enrollments`,
  );
  await client.query(`DROP TABLE scale_events`);

  const rebuildStarted = Date.now();
  for (const ix of indexes) {
    const started = Date.now();
    await client.query(ix.def);
    log(`    index ${ix.name} (${((Date.now() - started) / 1000).toFixed(1)} s)`);
  }
  log(`    rebuilt ${indexes.length} indexes in ${((Date.now() - rebuildStarted) / 1000).toFixed(1)} s`);
  // Vacuumed (visibility map: index-only scans) and analysed, as autovacuum would have left a live school; the event log is only analysed.
  for (const table of [
    ...BIG_TABLES.filter((t) => t !== 'outbox_events'),
    'courses',
    'daily_metrics',
    'course_daily_metrics',
    'user_last_activity',
    'last_activity_days',
  ]) {
    await step(`vacuum analyze ${table}`, `VACUUM (ANALYZE) ${table}`);
  }
  await step('analyze outbox_events', `ANALYZE outbox_events`);
  return size;
}

/**
 * The mails a live school would have sent long ago about the seeded rows: the claim reminders of the buyers who never
 * created an account (claim_reminder_at) and the "commission approved" mails of the commissions past their hold
 * (approved_notified_at). The seeds set both; a database seeded before they did gets them here. Without them the
 * product's sweeps mail tens of thousands of seeded buyers and affiliates while the calls are timed, and the worker's
 * mail rendering takes the CPU the API needs (calls 3-10x slower). Cheap when there is nothing to do.
 */
export async function settleSeededMail(client, { log = console.log } = {}) {
  const reminders = await client.query(
    `UPDATE payments SET claim_reminder_at = paid_at + interval '2 days'
      WHERE state = 'PAID' AND claimed_by_user_id IS NULL AND claim_reminder_at IS NULL AND provider_ref ~ '^ref-[0-9]+$'`,
  );
  const approvals = await client.query(
    `UPDATE affiliate_commissions SET approved_notified_at = payable_at
      WHERE approved_notified_at IS NULL AND kind = 'commission' AND state = 'pending' AND payout_id IS NULL AND payable_at <= now()
        AND affiliate_id IN (SELECT id FROM affiliates WHERE code LIKE 'BENCH%')`,
  );
  if (reminders.rowCount) await client.query(`VACUUM (ANALYZE) payments`);
  if (approvals.rowCount) await client.query(`VACUUM (ANALYZE) affiliate_commissions`);
  if (reminders.rowCount || approvals.rowCount) {
    log(`    marked sent long ago: ${reminders.rowCount} claim reminders, ${approvals.rowCount} commission-approved mails`);
  }
}

/** Bench user number `i`'s email, as the seed wrote it (for the exact-email calls). */
export async function userEmailOf(client, i) {
  const { rows } = await client.query(`SELECT ${userEmail('$1::int')} AS email`, [i]);
  return rows[0].email;
}

/**
 * The affiliate programme at scale (issue 33): 2,000 affiliates, one payment
 * in five referred (attributions), five referral clicks per referred payment,
 * and a commission for every referred payment that was paid (reversed when
 * refunded; older than a year paid out, one payout per affiliate). Seeded
 * once per database (its own app_meta marker), so a database kept from an
 * earlier version gains it.
 */
export async function seedAffiliates(client, { log = console.log } = {}) {
  const step = async (what, sql) => {
    const started = Date.now();
    const res = await client.query(sql);
    log(`    ${what}: ${res.rowCount ?? ''} (${((Date.now() - started) / 1000).toFixed(1)} s)`);
  };
  await client.query(`SET synchronous_commit = off`);
  await client.query(`SET statement_timeout = 0`);
  const F = 2000;
  await step(
    'affiliates',
    `INSERT INTO affiliates (name, email, code, status, commission_type, commission_value, website, promotion_plan, payout_method, payout_details, applied_at, decided_at)
     SELECT ${userName('i * 487')}, 'affiliate' || i || '@' || (${DOMAINS})[1 + (i * 31) % ${nDomains}], 'BENCH' || lpad(i::text, 5, '0'),
            CASE WHEN i % 20 < 17 THEN 'approved' WHEN i % 20 = 17 THEN 'pending' WHEN i % 20 = 18 THEN 'rejected' ELSE 'suspended' END,
            CASE WHEN i % 10 = 0 THEN 'percent' END, CASE WHEN i % 10 = 0 THEN 40 END,
            'https://site' || i || '.example.com', 'A newsletter and a blog about marketing', (ARRAY['paypal','bank','crypto'])[1 + i % 3],
            'payouts' || i || '@example.com', now() - (i % 1000) * interval '1 day', CASE WHEN i % 20 <> 17 THEN now() - (i % 1000) * interval '1 day' + interval '2 days' END
       FROM generate_series(1, ${F}) i`,
  );
  await client.query(
    `CREATE TEMP TABLE scale_affiliates AS SELECT row_number() OVER (ORDER BY code)::int - 1 AS k, id FROM affiliates WHERE code LIKE 'BENCH%'`,
  );
  await client.query(`CREATE UNIQUE INDEX ON scale_affiliates (k)`);
  await step(
    'payment attributions (one payment in five)',
    `INSERT INTO payment_attributions (payment_id, affiliate_id, source, utm_source, utm_medium, utm_campaign, referrer_domain, clicked_at, created_at)
     SELECT p.id, a.id, 'referral_link', (ARRAY['newsletter','youtube','twitter','blog','podcast'])[1 + j % 5], (ARRAY['email','video','social','referral'])[1 + j % 4],
            'launch-' || (j % 12), (ARRAY['youtube.com','twitter.com','medium.com','substack.com', NULL])[1 + j % 5], p.created_at - interval '2 hours', p.created_at
       FROM (SELECT id, created_at, substring(provider_ref from 5)::int AS j FROM payments WHERE provider_ref ~ '^ref-[0-9]+$') p
       JOIN scale_affiliates a ON a.k = (p.j / 5 * 7) % ${F}
      WHERE p.j % 5 = 0`,
  );
  await step(
    'referral clicks (five per referred payment)',
    `INSERT INTO referral_clicks (affiliate_id, day, created_at, utm_source, utm_medium, utm_campaign, referrer_domain, path)
     SELECT pa.affiliate_id, ((pa.created_at - c * interval '5 hours') AT TIME ZONE 'UTC')::date, pa.created_at - c * interval '5 hours',
            pa.utm_source, pa.utm_medium, pa.utm_campaign, pa.referrer_domain, '/'
       FROM payment_attributions pa CROSS JOIN generate_series(1, 5) c`,
  );
  await step(
    'affiliate payouts (one per affiliate, a year ago)',
    `INSERT INTO affiliate_payouts (currency, total, count, reference, paid_at)
     SELECT 'USD', 0, 0, 'Bench payout ' || a.k, now() - interval '365 days' FROM scale_affiliates a`,
  );
  await step(
    'affiliate commissions (referred payments paid or refunded)',
    `INSERT INTO affiliate_commissions (affiliate_id, payment_id, kind, amount, currency, state, payable_at, payout_id, paid_at, reversed_at, approved_notified_at,
                                        created_at)
     SELECT pa.affiliate_id, p.id, 'commission', 149.10, p.currency,
            CASE WHEN p.state = 'REFUNDED' THEN 'reversed' WHEN p.paid_at < now() - interval '365 days' THEN 'paid' ELSE 'pending' END,
            p.paid_at + interval '30 days',
            CASE WHEN p.state = 'PAID' AND p.paid_at < now() - interval '365 days' THEN po.id END,
            CASE WHEN p.state = 'PAID' AND p.paid_at < now() - interval '365 days' THEN now() - interval '365 days' END,
            p.refunded_at, CASE WHEN p.state = 'PAID' AND p.paid_at + interval '30 days' <= now() THEN p.paid_at + interval '30 days' END, p.paid_at
       FROM payment_attributions pa JOIN payments p ON p.id = pa.payment_id
       JOIN scale_affiliates a ON a.id = pa.affiliate_id
       JOIN affiliate_payouts po ON po.reference = 'Bench payout ' || a.k
      WHERE p.state IN ('PAID', 'REFUNDED') AND p.paid_at IS NOT NULL`,
  );
  await step(
    'payout totals',
    `UPDATE affiliate_payouts po SET total = s.total, count = 1
       FROM (SELECT payout_id, sum(amount) AS total FROM affiliate_commissions WHERE payout_id IS NOT NULL GROUP BY 1) s WHERE s.payout_id = po.id`,
  );
  for (const table of ['affiliates', 'payment_attributions', 'referral_clicks', 'affiliate_payouts', 'affiliate_commissions']) {
    await step(`vacuum analyze ${table}`, `VACUUM (ANALYZE) ${table}`);
  }
}

/**
 * The funnel at scale (issue 33), as the rollup consumer and the visit
 * counter would have left it after three years: each payment's source
 * (funnel_payment_sources) and funnel_daily per dimension and day, from the
 * referral clicks, eight direct page views per checkout, and the payments'
 * checkouts, sales and refunds by source. Needs seedAffiliates first.
 */
export async function seedFunnel(client, { log = console.log } = {}) {
  const step = async (what, sql) => {
    const started = Date.now();
    const res = await client.query(sql);
    log(`    ${what}: ${res.rowCount ?? ''} (${((Date.now() - started) / 1000).toFixed(1)} s)`);
  };
  await client.query(`SET synchronous_commit = off`);
  await client.query(`SET statement_timeout = 0`);
  await step(
    'funnel payment sources',
    `INSERT INTO funnel_payment_sources (payment_id, affiliate_code, utm_source, utm_medium, utm_campaign, referrer_domain, coupon_code)
     SELECT p.id, f.code, pa.utm_source, pa.utm_medium, pa.utm_campaign, pa.referrer_domain, p.coupon_code
       FROM payments p LEFT JOIN payment_attributions pa ON pa.payment_id = p.id LEFT JOIN affiliates f ON f.id = pa.affiliate_id
     ON CONFLICT DO NOTHING`,
  );
  await step(
    'funnel steps by source and day',
    `CREATE TEMP TABLE scale_funnel AS
     SELECT (at AT TIME ZONE 'UTC')::date AS day, affiliate_code, utm_source, utm_medium, utm_campaign, referrer_domain, coupon_code,
            count(*) FILTER (WHERE step = 'visit')::int AS visits, count(*) FILTER (WHERE step = 'checkout')::int AS checkouts,
            count(*) FILTER (WHERE step = 'paid')::int AS paid, count(*) FILTER (WHERE step = 'refunded')::int AS refunded
       FROM (
         SELECT 'visit' AS step, c.created_at AS at, f.code AS affiliate_code, c.utm_source, c.utm_medium, c.utm_campaign, c.referrer_domain, NULL::text AS coupon_code
           FROM referral_clicks c LEFT JOIN affiliates f ON f.id = c.affiliate_id
         UNION ALL
         SELECT 'visit', p.created_at - v * interval '7 minutes', NULL, NULL, NULL, NULL, NULL, NULL FROM payments p CROSS JOIN generate_series(1, 8) v
         UNION ALL
         SELECT s.step, s.at, fs.affiliate_code, fs.utm_source, fs.utm_medium, fs.utm_campaign, fs.referrer_domain, fs.coupon_code
           FROM payments p JOIN funnel_payment_sources fs ON fs.payment_id = p.id
          CROSS JOIN LATERAL (VALUES ('checkout', p.created_at), ('paid', p.paid_at), ('refunded', p.refunded_at)) s(step, at)
          WHERE s.at IS NOT NULL
       ) e
      GROUP BY 1, 2, 3, 4, 5, 6, 7`,
  );
  await step(
    'funnel_daily',
    `INSERT INTO funnel_daily (dimension, day, value, visits, checkouts, paid, refunded)
     SELECT d.dimension, s.day, d.value, sum(s.visits), sum(s.checkouts), sum(s.paid), sum(s.refunded)
       FROM scale_funnel s
      CROSS JOIN LATERAL (VALUES ('all', ''), ('affiliate', coalesce(s.affiliate_code, '(none)')), ('utm_source', coalesce(s.utm_source, '(none)')),
                                 ('utm_medium', coalesce(s.utm_medium, '(none)')), ('utm_campaign', coalesce(s.utm_campaign, '(none)')),
                                 ('referrer', coalesce(s.referrer_domain, '(none)')), ('coupon', coalesce(s.coupon_code, '(none)'))) d(dimension, value)
      GROUP BY 1, 2, 3
     ON CONFLICT (dimension, day, value) DO UPDATE SET visits = funnel_daily.visits + EXCLUDED.visits, checkouts = funnel_daily.checkouts + EXCLUDED.checkouts,
       paid = funnel_daily.paid + EXCLUDED.paid, refunded = funnel_daily.refunded + EXCLUDED.refunded`,
  );
  await client.query(`DROP TABLE scale_funnel`);
  for (const table of ['funnel_payment_sources', 'funnel_daily']) await step(`vacuum analyze ${table}`, `VACUUM (ANALYZE) ${table}`);
}

/**
 * The console's Integrations at scale (issue 34) and the checkout-recovery
 * figures: 40 webhook endpoints (four disabled), 1,000,000 deliveries (x
 * scale) over the last year, half of them to one endpoint subscribed to every
 * event (the busiest delivery log) and the rest spread over the others, one
 * attempt per delivered row and three per failed one; 300 API keys by the
 * school's admins (one in five revoked, one in ten expired); and three years
 * of recovery_daily, the rollup the analytics recovery figures read. Nothing
 * is left pending (the worker would try to send it), and the endpoints' hosts
 * are .invalid. Seeded once per database (its own app_meta marker).
 */
export async function seedIntegrations(client, { scale = 1, log = console.log } = {}) {
  const step = async (what, sql) => {
    const started = Date.now();
    const res = await client.query(sql);
    log(`    ${what}: ${res.rowCount ?? ''} (${((Date.now() - started) / 1000).toFixed(1)} s)`);
  };
  await client.query(`SET synchronous_commit = off`);
  await client.query(`SET statement_timeout = 0`);
  const D = Math.max(1000, Math.round(1_000_000 * scale));
  const YEAR = 365 * 86400;
  const TYPES = `ARRAY['payment.confirmed','payment.created','payment.refunded','account.created','course.started','course.completed','lesson.completed','certificate.issued']`;
  await step(
    'webhook endpoints',
    `INSERT INTO webhook_endpoints (url, description, event_types, enabled, disabled_reason, disabled_at, secret_encrypted, created_at, updated_at)
     SELECT 'https://hooks' || e || '.bench.invalid/course-platform/' || CASE WHEN e = 1 THEN 'all' ELSE 'events' END,
            CASE WHEN e = 1 THEN 'CRM: every event' ELSE 'Integration ' || e || ' (' || (${TYPES})[1 + e % 8] || ')' END,
            CASE WHEN e = 1 THEN ${TYPES} ELSE ARRAY[(${TYPES})[1 + e % 8], 'payment.confirmed'] END,
            e % 10 <> 7, CASE WHEN e % 10 = 7 THEN 'Disabled by an admin' END, CASE WHEN e % 10 = 7 THEN now() - e * interval '1 day' END,
            'bench-not-a-secret', now() - interval '400 days' + e * interval '1 day', now() - interval '400 days' + e * interval '1 day'
       FROM generate_series(1, 40) e`,
  );
  await client.query(
    `CREATE TEMP TABLE scale_endpoints AS SELECT row_number() OVER (ORDER BY created_at, id)::int AS e, id FROM webhook_endpoints WHERE url LIKE '%.bench.invalid/%'`,
  );
  await client.query(`CREATE UNIQUE INDEX ON scale_endpoints (e)`);
  // Delivery d: to the busiest endpoint (1) when even, else to one of the other 39; delivered, or failed for one in fifty.
  await step(
    'webhook deliveries',
    `INSERT INTO webhook_deliveries (endpoint_id, event_id, event_type, aggregate, occurred_at, body, state, attempts, next_attempt_at, retry_until,
                                     last_status, last_error, delivered_at, created_at)
     SELECT se.id, ('00000000-0000-4000-9000-' || lpad(to_hex(d), 12, '0'))::uuid, t, 'payment:' || (30000000 + d / 2),
            at, json_build_object('type', t, 'timestamp', at, 'data', json_build_object('paymentId', 30000000 + d / 2, 'amount', '497.00', 'currency', 'USD'))::text,
            CASE WHEN d % 50 = 1 THEN 'failed' ELSE 'delivered' END, CASE WHEN d % 50 = 1 THEN 3 ELSE 1 END, at, at + interval '3 days',
            CASE WHEN d % 50 = 1 THEN 503 ELSE 200 END, CASE WHEN d % 50 = 1 THEN 'HTTP 503' END, CASE WHEN d % 50 = 1 THEN NULL ELSE at + interval '1 second' END, at
       FROM (SELECT d, CASE WHEN d % 2 = 0 THEN 1 ELSE 2 + (d / 2) % 39 END AS e, (${TYPES})[1 + (d / 2) % 8] AS t,
                    now() - ((${D} - d)::float8 * ${YEAR} / ${D}) * interval '1 second' AS at
               FROM generate_series(1, ${D}) d) s
       JOIN scale_endpoints se ON se.e = s.e`,
  );
  await step(
    'webhook attempts',
    `INSERT INTO webhook_attempts (delivery_id, attempt, request_headers, request_body, response_status, response_body, duration_ms, error, created_at)
     SELECT w.id, a, jsonb_build_object('webhook-id', w.id, 'webhook-timestamp', extract(epoch FROM w.created_at)::bigint::text, 'content-type', 'application/json'),
            w.body, w.last_status, CASE WHEN w.state = 'failed' THEN 'Service Unavailable' ELSE 'ok' END, 40 + a * 7, w.last_error,
            w.created_at + (a - 1) * interval '1 hour'
       FROM webhook_deliveries w CROSS JOIN LATERAL generate_series(1, w.attempts) a
      WHERE w.event_id::text LIKE '00000000-0000-4000-9000-%'`,
  );
  await step(
    'api keys',
    `INSERT INTO api_keys (key_id, name, secret_hash, scopes, expires_at, created_by, created_at, last_used_at, revoked_at, revoked_by)
     SELECT 'bench' || lpad(i::text, 7, '0'), (ARRAY['Zapier','CRM sync','Accounting export','Support desk','Reporting','Mobile app'])[1 + i % 6] || ' ' || i,
            sha256(convert_to('bench-key-' || i, 'UTF8')), jsonb_build_object('users', 'read', 'payments', CASE WHEN i % 3 = 0 THEN 'write' ELSE 'read' END),
            CASE WHEN i % 10 = 3 THEN now() - i * interval '1 hour' END, a.ids[1 + i % cardinality(a.ids)], now() - (300 - i) * interval '1 day',
            CASE WHEN i % 4 <> 0 THEN now() - (i % 30) * interval '1 hour' END, CASE WHEN i % 5 = 0 THEN now() - i * interval '2 hours' END,
            CASE WHEN i % 5 = 0 THEN a.ids[1] END
       FROM generate_series(1, 300) i
      CROSS JOIN (SELECT array_agg(id ORDER BY created_at, id) AS ids FROM users WHERE role = 'admin') a`,
  );
  // Recovery: reminders for one abandoned checkout in five each day, one in ten of those recovered at the list price.
  await step(
    'recovery_daily',
    `INSERT INTO recovery_daily (day, currency, reminders, recovered_sales, recovered_revenue)
     SELECT (created_at AT TIME ZONE 'UTC')::date, currency, count(*) FILTER (WHERE substring(provider_ref from 5)::int % 5 = 0),
            count(*) FILTER (WHERE substring(provider_ref from 5)::int % 50 = 0), 497 * count(*) FILTER (WHERE substring(provider_ref from 5)::int % 50 = 0)
       FROM payments WHERE state IN ('EXPIRED', 'AWAITING_PAYMENT') AND provider_ref ~ '^ref-[0-9]+$'
      GROUP BY 1, 2
     ON CONFLICT (day, currency) DO NOTHING`,
  );
  for (const table of ['webhook_endpoints', 'webhook_deliveries', 'webhook_attempts', 'api_keys', 'recovery_daily']) {
    await step(`vacuum analyze ${table}`, `VACUUM (ANALYZE) ${table}`);
  }
}
