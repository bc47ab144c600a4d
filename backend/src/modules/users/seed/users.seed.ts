import { queryRows } from '../../../database/sql.repository';
import { randomBytes } from 'node:crypto';
import type { SeedStep } from '../../../database/seeds/seed-runner';
import { hashPassword } from '../password-hasher';

export interface DemoAccounts {
  admin: { email: string; password: string };
  learner: { email: string; password: string };
}

const SAMPLE_USERS: Array<{ name: string; email: string; status: string; plan: string; daysAgo: number; lastLoginDaysAgo: number | null }> = [
  { name: 'Sofia Martins', email: 'sofia.martins@example.com', status: 'active', plan: 'lifetime', daysAgo: 60, lastLoginDaysAgo: 1 },
  { name: 'James Carter', email: 'james.carter@example.com', status: 'active', plan: 'lifetime', daysAgo: 45, lastLoginDaysAgo: 3 },
  { name: 'Aiko Tanaka', email: 'aiko.tanaka@example.com', status: 'active', plan: 'lifetime', daysAgo: 30, lastLoginDaysAgo: 0 },
  { name: 'Lucas Becker', email: 'lucas.becker@example.com', status: 'inactive', plan: 'free', daysAgo: 90, lastLoginDaysAgo: 70 },
  { name: 'Amara Okoye', email: 'amara.okoye@example.com', status: 'active', plan: 'premium', daysAgo: 20, lastLoginDaysAgo: 2 },
  { name: 'Mateo Rossi', email: 'mateo.rossi@example.com', status: 'suspended', plan: 'free', daysAgo: 120, lastLoginDaysAgo: 100 },
  { name: 'Chloe Dubois', email: 'chloe.dubois@example.com', status: 'active', plan: 'free', daysAgo: 5, lastLoginDaysAgo: null },
  { name: 'Noah Williams', email: 'noah.williams@example.com', status: 'active', plan: 'lifetime', daysAgo: 12, lastLoginDaysAgo: 6 },
];

/** Demo admin and learner (with lifetime access) plus a few sample accounts for the admin grid. */
export function usersSeed(accounts: DemoAccounts): SeedStep {
  return {
    key: 'users',
    async run(manager) {
      const insert = async (u: {
        name: string;
        email: string;
        password: string;
        role: string;
        status: string;
        plan: string;
        daysAgo: number;
        lastLoginDaysAgo: number | null;
      }) => {
        const [{ id }] = await queryRows<{ id: string }>(
          manager,
          `INSERT INTO users (name, email, password_hash, role, status, plan, join_date, created_at, last_login_at)
           VALUES ($1, $2, $3, $4, $5, $6, CURRENT_DATE - $7::int, now() - make_interval(days => $7), CASE WHEN $8::int IS NULL THEN NULL ELSE now() - make_interval(days => $8::int) END)
           ON CONFLICT DO NOTHING RETURNING id`,
          [u.name, u.email, await hashPassword(u.password), u.role, u.status, u.plan, u.daysAgo, u.lastLoginDaysAgo],
        );
        if (u.plan !== 'free') {
          await manager.query(`INSERT INTO entitlements (user_id, email, source, reason) VALUES ($1, $2, 'seed', 'Demo data')`, [id, u.email]);
        }
      };
      await insert({
        name: 'Admin User',
        email: accounts.admin.email,
        password: accounts.admin.password,
        role: 'admin',
        status: 'active',
        plan: 'lifetime',
        daysAgo: 180,
        lastLoginDaysAgo: null,
      });
      await insert({
        name: 'Demo Learner',
        email: accounts.learner.email,
        password: accounts.learner.password,
        role: 'student',
        status: 'active',
        plan: 'lifetime',
        daysAgo: 40,
        lastLoginDaysAgo: null,
      });
      for (const sample of SAMPLE_USERS) {
        await insert({ ...sample, password: `${randomBytes(18).toString('base64url')}Aa1!`, role: 'student' });
      }
    },
  };
}
