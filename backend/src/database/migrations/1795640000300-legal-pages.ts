import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The legal pages as the seller wrote them (issue 30): the Markdown of the
 * terms, privacy and refund pages per interface language, edited in the
 * console (Settings > Legal pages). No row (or an empty text): the page's
 * built-in text in that language (backend modules/legal/legal-defaults.ts).
 */
export class LegalPages1795640000300 implements MigrationInterface {
  name = 'LegalPages1795640000300';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE legal_pages (
        page varchar(16) NOT NULL CONSTRAINT legal_pages_page_check CHECK (page IN ('terms', 'privacy', 'refund')),
        language varchar(2) NOT NULL CONSTRAINT legal_pages_language_check CHECK (language IN ('en', 'es', 'fr', 'de')),
        markdown text NOT NULL CONSTRAINT legal_pages_markdown_length CHECK (char_length(markdown) BETWEEN 1 AND 50000),
        updated_at timestamptz NOT NULL DEFAULT now(),
        updated_by uuid REFERENCES users(id) ON DELETE SET NULL,
        PRIMARY KEY (page, language)
      )`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE legal_pages`);
  }
}
