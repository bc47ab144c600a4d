import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { likePattern } from '../../common/http/list-query';

export type SearchKind = 'course' | 'lesson' | 'affiliate-program' | 'tool' | 'automation' | 'bot' | 'content';

export interface SearchResult {
  kind: SearchKind;
  id: number;
  title: string;
  subtitle?: string;
  url: string;
}

/** Results per kind: the dashboard's drop-down shows a short list, not a results page. */
const PER_KIND = 5;

/**
 * One SELECT per kind, each `$1` being the ILIKE pattern and `$2` the
 * limit; every row gives id, title, subtitle and url, published rows only.
 * Courses and lessons are read here as published catalogue rows: the
 * courses module has no search method yet, and this query reads nothing a
 * learner cannot already see.
 */
const SOURCES: Array<{ kind: SearchKind; sql: string }> = [
  {
    kind: 'course',
    sql: `SELECT c.id, c.title, c.category AS subtitle, '/course/' || c.id AS url FROM courses c
           WHERE c.status = 'published' AND (c.title ILIKE $1 OR c.description ILIKE $1 OR c.instructor ILIKE $1)
           ORDER BY (c.title ILIKE $1) DESC, c.title LIMIT $2`,
  },
  {
    kind: 'lesson',
    sql: `SELECT l.id, l.title, c.title AS subtitle, '/course/' || c.id || '?lesson=' || l.id AS url FROM lessons l JOIN courses c ON c.id = l.course_id
           WHERE c.status = 'published' AND l.published AND l.title ILIKE $1 ORDER BY c.title, l.sort_order LIMIT $2`,
  },
  {
    kind: 'affiliate-program',
    sql: `SELECT id, name AS title, NULLIF(min_payout, '') AS subtitle, '/dashboard/affiliate' AS url FROM affiliate_programs
           WHERE published AND (name ILIKE $1 OR description ILIKE $1) ORDER BY sort_order, id LIMIT $2`,
  },
  {
    kind: 'tool',
    sql: `SELECT t.id, t.name AS title, c.title AS subtitle, '/dashboard/toolbox' AS url FROM tools t JOIN tool_categories c ON c.id = t.category_id
           WHERE t.published AND c.published AND (t.name ILIKE $1 OR t.description ILIKE $1 OR t.promo_code ILIKE $1) ORDER BY c.sort_order, t.sort_order, t.id LIMIT $2`,
  },
  {
    kind: 'automation',
    sql: `SELECT id, name AS title, NULLIF(category, '') AS subtitle, '/dashboard/automations' AS url FROM automation_templates
           WHERE published AND (name ILIKE $1 OR description ILIKE $1) ORDER BY sort_order, id LIMIT $2`,
  },
  {
    kind: 'bot',
    sql: `SELECT id, name AS title, price AS subtitle, '/dashboard/traffic-bots' AS url FROM bots
           WHERE published AND (name ILIKE $1 OR description ILIKE $1) ORDER BY sort_order, id LIMIT $2`,
  },
  {
    kind: 'content',
    sql: `SELECT id, title, type AS subtitle, '/dashboard/content-database' AS url FROM content_items
           WHERE published AND (title ILIKE $1 OR EXISTS (SELECT 1 FROM unnest(tags) AS tag WHERE tag ILIKE $1)) ORDER BY date_added DESC, id LIMIT $2`,
  },
];

/** The dashboard's search box: courses, lessons and members' resources matching a text. */
@Injectable()
export class SearchService {
  constructor(private readonly dataSource: DataSource) {}

  async search(text: string): Promise<SearchResult[]> {
    const q = text.trim();
    if (q.length === 0) return [];
    const pattern = likePattern(q);
    const groups = await Promise.all(
      SOURCES.map(async ({ kind, sql }) => {
        const rows: Array<{ id: number; title: string; subtitle: string | null; url: string }> = await this.dataSource.query(sql, [pattern, PER_KIND]);
        return rows.map(({ subtitle, ...row }): SearchResult => ({ kind, ...row, ...(subtitle ? { subtitle } : {}) }));
      }),
    );
    return groups.flat();
  }
}
