import { Injectable } from '@nestjs/common';
import { DataSource, type EntityManager } from 'typeorm';
import { execute, queryOne, queryRows } from '../../database/sql.repository';
import type { LegalPageName } from './legal-pages';

export interface LegalPageRow {
  page: LegalPageName;
  language: string;
  markdown: string;
  updated_at: Date;
  updated_by: string | null;
  /** The email of who saved it last (null once that account is gone). */
  updated_by_email: string | null;
}

const SELECT = `SELECT l.page, l.language, l.markdown, l.updated_at, l.updated_by, u.email AS updated_by_email
  FROM legal_pages l LEFT JOIN users u ON u.id = l.updated_by`;

/** legal_pages: the text the seller wrote for a page in a language; no row: the page's built-in text. */
@Injectable()
export class LegalPagesRepository {
  constructor(private readonly dataSource: DataSource) {}

  all(): Promise<LegalPageRow[]> {
    return queryRows<LegalPageRow>(this.dataSource.manager, `${SELECT} ORDER BY l.page, l.language`);
  }

  one(page: LegalPageName, language: string, manager: EntityManager = this.dataSource.manager): Promise<LegalPageRow | undefined> {
    return queryOne<LegalPageRow>(manager, `${SELECT} WHERE l.page = $1 AND l.language = $2`, [page, language]);
  }

  async save(manager: EntityManager, row: { page: LegalPageName; language: string; markdown: string; updatedBy: string }): Promise<void> {
    await execute(
      manager,
      `INSERT INTO legal_pages (page, language, markdown, updated_at, updated_by) VALUES ($1, $2, $3, now(), $4)
       ON CONFLICT (page, language) DO UPDATE SET markdown = EXCLUDED.markdown, updated_at = now(), updated_by = EXCLUDED.updated_by`,
      [row.page, row.language, row.markdown, row.updatedBy],
    );
  }

  /** Back to the built-in text. */
  async remove(manager: EntityManager, page: LegalPageName, language: string): Promise<number> {
    return execute(manager, 'DELETE FROM legal_pages WHERE page = $1 AND language = $2', [page, language]);
  }
}
