import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * A customer has a language (issue 30, DESIGN.md 13): users.language for an
 * account, payments.language for a checkout before the account exists (the
 * learner site's interface language when the checkout started, copied to the
 * account the payment creates). NULL: the site's language (Settings > General
 * > Language) applies.
 */
export class CustomerLanguage1795640000100 implements MigrationInterface {
  name = 'CustomerLanguage1795640000100';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE users ADD COLUMN language varchar(2) CONSTRAINT users_language_check CHECK (language IN ('en', 'es', 'fr', 'de'))`);
    await q.query(`ALTER TABLE payments ADD COLUMN language varchar(2) CONSTRAINT payments_language_check CHECK (language IN ('en', 'es', 'fr', 'de'))`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE payments DROP COLUMN language`);
    await q.query(`ALTER TABLE users DROP COLUMN language`);
  }
}
