import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Invoices a business can file (issue 30): the buyer's optional details asked
 * at checkout (country, company, address, VAT ID), printed under "Billed to",
 * and the tax rate the seller's Settings > General > Tax rates gave the
 * buyer's country when the checkout started (prices include it; NULL: no tax
 * charged). All NULL for the payments before them.
 */
export class BuyerDetailsAndTax1795640000370 implements MigrationInterface {
  name = 'BuyerDetailsAndTax1795640000370';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      ALTER TABLE payments
        ADD COLUMN buyer_country varchar(2) CONSTRAINT payments_buyer_country_check CHECK (buyer_country ~ '^[A-Z]{2}$'),
        ADD COLUMN buyer_company varchar(120),
        ADD COLUMN buyer_address varchar(300),
        ADD COLUMN buyer_vat_id varchar(40),
        ADD COLUMN tax_rate numeric(5, 2) CONSTRAINT payments_tax_rate_check CHECK (tax_rate >= 0 AND tax_rate <= 100)`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(
      `ALTER TABLE payments DROP COLUMN tax_rate, DROP COLUMN buyer_vat_id, DROP COLUMN buyer_address, DROP COLUMN buyer_company, DROP COLUMN buyer_country`,
    );
  }
}
