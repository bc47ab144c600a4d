import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { likePattern } from '../../common/http/list-query';
import { WhereBuilder } from '../../common/http/where-builder';
import { queryOne, queryRows } from '../../database/sql.repository';
import type { ContentQueryDto } from './dto/content-query.dto';
import type {
  AffiliateProgramView,
  AutomationView,
  BotView,
  CloudFolderView,
  ContentItemView,
  TestimonialView,
  ToolCategoryView,
} from './dto/resource-views.dto';

/** The members' resources whose uploaded files go out through signed links (the path segment under /api/resources). */
export type DownloadKind = 'content' | 'bots';

/** Where each downloadable kind keeps its file address (an upload under /media/ or an external link). */
export const DOWNLOAD_SOURCES: Record<DownloadKind, { table: string; column: string; missing: string; empty: string }> = {
  content: { table: 'content_items', column: 'file_url', missing: 'Content item not found', empty: 'This content item has no file to download' },
  bots: { table: 'bots', column: 'download_url', missing: 'Bot not found', empty: 'This bot has no file to download' },
};

const PUBLISHED_ORDER = 'WHERE published ORDER BY sort_order, id';

export type ContentRow = Omit<ContentItemView, 'viewUrl' | 'downloadUrl'> & { fileUrl: string };

export interface SearchRow {
  id: number;
  title: string;
  subtitle: string | null;
  url: string;
}

/** One SELECT per searchable kind, `$1` being the ILIKE pattern and `$2` the limit; published rows only. */
const SEARCH_SOURCES = {
  'affiliate-program': `SELECT id, name AS title, NULLIF(min_payout, '') AS subtitle, '/dashboard/affiliate' AS url FROM affiliate_programs
           WHERE published AND (name ILIKE $1 OR description ILIKE $1) ORDER BY sort_order, id LIMIT $2`,
  tool: `SELECT t.id, t.name AS title, c.title AS subtitle, '/dashboard/toolbox' AS url FROM tools t JOIN tool_categories c ON c.id = t.category_id
           WHERE t.published AND c.published AND (t.name ILIKE $1 OR t.description ILIKE $1 OR t.promo_code ILIKE $1) ORDER BY c.sort_order, t.sort_order, t.id LIMIT $2`,
  automation: `SELECT id, name AS title, NULLIF(category, '') AS subtitle, '/dashboard/automations' AS url FROM automation_templates
           WHERE published AND (name ILIKE $1 OR description ILIKE $1) ORDER BY sort_order, id LIMIT $2`,
  bot: `SELECT id, name AS title, price AS subtitle, '/dashboard/traffic-bots' AS url FROM bots
           WHERE published AND (name ILIKE $1 OR description ILIKE $1) ORDER BY sort_order, id LIMIT $2`,
  content: `SELECT id, title, type AS subtitle, '/dashboard/content-database' AS url FROM content_items
           WHERE published AND (title ILIKE $1 OR EXISTS (SELECT 1 FROM unnest(tags) AS tag WHERE tag ILIKE $1)) ORDER BY date_added DESC, id LIMIT $2`,
} as const;

export type ResourceSearchKind = keyof typeof SEARCH_SOURCES;
export const RESOURCE_SEARCH_KINDS = Object.keys(SEARCH_SOURCES) as ResourceSearchKind[];

/** What learners read of the members' resources: published rows only, in the admins' order. */
@Injectable()
export class ResourcesRepository {
  constructor(private readonly dataSource: DataSource) {}

  private rows<T>(sql: string, params: unknown[] = []): Promise<T[]> {
    return queryRows<T>(this.dataSource.manager, sql, params);
  }

  affiliatePrograms(): Promise<AffiliateProgramView[]> {
    return this.rows(
      `SELECT id, name, website, description, min_payout AS "minPayout", payment_models AS "paymentModels" FROM affiliate_programs ${PUBLISHED_ORDER}`,
    );
  }

  toolCategories(): Promise<ToolCategoryView[]> {
    return this.rows(
      `SELECT c.id, c.title, c.icon,
              COALESCE((SELECT json_agg(json_build_object('id', t.id, 'name', t.name, 'description', t.description, 'website', t.website,
                                                          'promoCode', t.promo_code, 'discount', t.discount) ORDER BY t.sort_order, t.id)
                          FROM tools t WHERE t.category_id = c.id AND t.published), '[]'::json) AS tools
         FROM tool_categories c WHERE c.published ORDER BY c.sort_order, c.id`,
    );
  }

  automations(): Promise<AutomationView[]> {
    return this.rows(`SELECT id, name, description, icon, department, category, link FROM automation_templates ${PUBLISHED_ORDER}`);
  }

  bots(): Promise<BotView[]> {
    return this.rows(`SELECT id, name, description, price, image, features, download_url AS "downloadUrl" FROM bots ${PUBLISHED_ORDER}`);
  }

  cloudFolders(): Promise<CloudFolderView[]> {
    return this.rows(`SELECT id, title, description, url FROM cloud_folders ${PUBLISHED_ORDER}`);
  }

  testimonials(): Promise<TestimonialView[]> {
    return this.rows(`SELECT id, name, text, rating FROM testimonials ${PUBLISHED_ORDER}`);
  }

  /** One page of the Content Database: the search matches the title or any tag, and combines with the category and type. */
  async contentPage(query: ContentQueryDto): Promise<{ rows: ContentRow[]; total: number }> {
    const search = query.q?.trim();
    const pattern = search ? likePattern(search) : undefined;
    const where = new WhereBuilder()
      .add('published')
      .when(pattern, '(title ILIKE ? OR EXISTS (SELECT 1 FROM unnest(tags) AS tag WHERE tag ILIKE ?))', pattern, pattern)
      .when(query.category, 'category = ?', query.category)
      .when(query.type, 'type = ?', query.type);
    const count = await queryOne<{ total: number }>(this.dataSource.manager, `SELECT count(*)::int AS total FROM content_items ${where.sql}`, where.params);
    const rows = await this.rows<ContentRow>(
      `SELECT id, title, type, category, duration, size, tags, to_char(date_added, 'YYYY-MM-DD') AS "dateAdded",
              NULLIF(thumbnail, '') AS thumbnail, file_url AS "fileUrl"
         FROM content_items ${where.sql}
        ORDER BY date_added DESC, sort_order, id OFFSET ${(query.page - 1) * query.pageSize} LIMIT ${query.pageSize}`,
      where.params,
    );
    return { rows, total: count?.total ?? 0 };
  }

  /** The stat tiles: the whole published library, the storage figure being the sum of the uploaded files' real sizes. */
  async contentStats(): Promise<{ totalItems: number; videos: number; documents: number; bytes: number }> {
    const row = await queryOne<{ totalItems: number; videos: number; documents: number; bytes: number }>(
      this.dataSource.manager,
      `SELECT count(*)::int AS "totalItems",
              count(*) FILTER (WHERE type = 'video')::int AS videos,
              count(*) FILTER (WHERE type = 'document')::int AS documents,
              COALESCE(sum(size_bytes), 0)::float8 AS bytes
         FROM content_items WHERE published`,
    );
    return row!;
  }

  /** The uploaded file (its media id) or the address of a published content item or bot. */
  downloadSource(kind: DownloadKind, id: number): Promise<{ media_id: string | null; address: string } | undefined> {
    const source = DOWNLOAD_SOURCES[kind];
    return queryOne(this.dataSource.manager, `SELECT media_id, ${source.column} AS address FROM ${source.table} WHERE id = $1 AND published`, [id]);
  }

  search(kind: ResourceSearchKind, pattern: string, limit: number): Promise<SearchRow[]> {
    return this.rows<SearchRow>(SEARCH_SOURCES[kind], [pattern, limit]);
  }
}
