import { Injectable } from '@nestjs/common';
import { DataSource, type EntityManager } from 'typeorm';
import { sql } from '@pgtyped/runtime';
import { typedExecute, typedOne, typedRows } from '../../database/sql.repository';
import type { IAllLegalPagesQuery, ILegalPageQuery, IRemoveLegalPageQuery, ISaveLegalPageQuery } from './legal-pages.repository.types';
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

/* Typed against the schema by pgtyped (npm run db:types writes legal-pages.repository.types.ts). */
const allLegalPages = sql<IAllLegalPagesQuery>`
  SELECT l.page, l.language, l.markdown, l.updated_at, l.updated_by, u.email AS "updated_by_email?"
    FROM legal_pages l LEFT JOIN users u ON u.id = l.updated_by
   ORDER BY l.page, l.language`;
const legalPage = sql<ILegalPageQuery>`
  SELECT l.page, l.language, l.markdown, l.updated_at, l.updated_by, u.email AS "updated_by_email?"
    FROM legal_pages l LEFT JOIN users u ON u.id = l.updated_by
   WHERE l.page = $page! AND l.language = $language!`;
const saveLegalPage = sql<ISaveLegalPageQuery>`
  INSERT INTO legal_pages (page, language, markdown, updated_at, updated_by) VALUES ($page!, $language!, $markdown!, now(), $updatedBy!)
  ON CONFLICT (page, language) DO UPDATE SET markdown = EXCLUDED.markdown, updated_at = now(), updated_by = EXCLUDED.updated_by`;
const removeLegalPage = sql<IRemoveLegalPageQuery>`DELETE FROM legal_pages WHERE page = $page! AND language = $language!`;

/** A legal page row as generated (text columns) with the page names the schema's check allows. */
const asLegalPage = <T extends object>(row: T) => row as Omit<T, 'page'> & Pick<LegalPageRow, 'page'>;

/** legal_pages: the text the seller wrote for a page in a language; no row: the page's built-in text. */
@Injectable()
export class LegalPagesRepository {
  constructor(private readonly dataSource: DataSource) {}

  async all(): Promise<LegalPageRow[]> {
    return (await typedRows(this.dataSource.manager, allLegalPages, undefined)).map(asLegalPage);
  }

  async one(page: LegalPageName, language: string, manager: EntityManager = this.dataSource.manager): Promise<LegalPageRow | undefined> {
    const row = await typedOne(manager, legalPage, { page, language });
    return row && asLegalPage(row);
  }

  async save(manager: EntityManager, row: { page: LegalPageName; language: string; markdown: string; updatedBy: string }): Promise<void> {
    await typedExecute(manager, saveLegalPage, row);
  }

  /** Back to the built-in text. */
  async remove(manager: EntityManager, page: LegalPageName, language: string): Promise<number> {
    return typedExecute(manager, removeLegalPage, { page, language });
  }
}
