import { Injectable } from '@nestjs/common';
import { DataSource, type EntityManager } from 'typeorm';
import { likePattern } from '../../common/http/list-query';
import { WhereBuilder } from '../../common/http/where-builder';
import { sql } from '@pgtyped/runtime';
import { queryOne, queryRows, typedOne, typedRows } from '../../database/sql.repository';
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
import type {
  IAffiliateProgramsQuery,
  IAutomationsQuery,
  IBotDownloadQuery,
  IBotsQuery,
  ICloudFoldersQuery,
  IContentDownloadQuery,
  IContentStatsQuery,
  ISearchAffiliateProgramsQuery,
  ISearchAutomationsQuery,
  ISearchBotsQuery,
  ISearchContentQuery,
  ISearchToolsQuery,
  ITestimonialsQuery,
  IToolCategoriesQuery,
} from './resources.repository.types';

/** The members' resources whose uploaded files go out through signed links (the path segment under /api/resources). */
export type DownloadKind = 'content' | 'bots';

/** What a download of each kind answers when there is no such published row, or it has no file. */
export const DOWNLOAD_SOURCES: Record<DownloadKind, { missing: string; empty: string }> = {
  content: { missing: 'Content item not found', empty: 'This content item has no file to download' },
  bots: { missing: 'Bot not found', empty: 'This bot has no file to download' },
};

export type ContentRow = Omit<ContentItemView, 'viewUrl' | 'downloadUrl'> & { fileUrl: string };

export interface SearchRow {
  id: number;
  title: string;
  subtitle: string | null;
  url: string;
}

/*
 * The statements below are typed against the schema by pgtyped (npm run db:types writes resources.repository.types.ts).
 * The Content Database's page (its filters built at run time) stays hand-typed.
 */
const affiliatePrograms = sql<IAffiliateProgramsQuery>`
  SELECT id, name, website, description, min_payout AS "minPayout", payment_models AS "paymentModels" FROM affiliate_programs
   WHERE published ORDER BY sort_order, id`;
const toolCategories = sql<IToolCategoriesQuery>`
  SELECT c.id, c.title, c.icon,
         COALESCE((SELECT json_agg(json_build_object('id', t.id, 'name', t.name, 'description', t.description, 'website', t.website,
                                                     'promoCode', t.promo_code, 'discount', t.discount) ORDER BY t.sort_order, t.id)
                     FROM tools t WHERE t.category_id = c.id AND t.published), '[]'::json) AS "tools!"
    FROM tool_categories c WHERE c.published ORDER BY c.sort_order, c.id`;
const automations = sql<IAutomationsQuery>`
  SELECT id, name, description, icon, department, category, link FROM automation_templates WHERE published ORDER BY sort_order, id`;
const bots = sql<IBotsQuery>`
  SELECT id, name, description, price, image, features, download_url AS "downloadUrl" FROM bots WHERE published ORDER BY sort_order, id`;
const cloudFolders = sql<ICloudFoldersQuery>`SELECT id, title, description, url FROM cloud_folders WHERE published ORDER BY sort_order, id`;
const testimonials = sql<ITestimonialsQuery>`SELECT id, name, text, rating FROM testimonials WHERE published ORDER BY sort_order, id`;
const contentStats = sql<IContentStatsQuery>`
  SELECT count(*)::int AS "totalItems!",
         count(*) FILTER (WHERE type = 'video')::int AS "videos!",
         count(*) FILTER (WHERE type = 'document')::int AS "documents!",
         COALESCE(sum(size_bytes), 0)::float8 AS "bytes!"
    FROM content_items WHERE published`;
const contentDownload = sql<IContentDownloadQuery>`SELECT media_id, file_url AS address FROM content_items WHERE id = $id! AND published`;
const botDownload = sql<IBotDownloadQuery>`SELECT media_id, download_url AS address FROM bots WHERE id = $id! AND published`;
const searchAffiliatePrograms = sql<ISearchAffiliateProgramsQuery>`
  SELECT id, name AS title, NULLIF(min_payout, '') AS subtitle, '/dashboard/affiliate' AS "url!" FROM affiliate_programs
   WHERE published AND (name ILIKE $pattern! OR description ILIKE $pattern!) ORDER BY sort_order, id LIMIT $limit!`;
const searchTools = sql<ISearchToolsQuery>`
  SELECT t.id, t.name AS title, c.title AS subtitle, '/dashboard/toolbox' AS "url!" FROM tools t JOIN tool_categories c ON c.id = t.category_id
   WHERE t.published AND c.published AND (t.name ILIKE $pattern! OR t.description ILIKE $pattern! OR t.promo_code ILIKE $pattern!)
   ORDER BY c.sort_order, t.sort_order, t.id LIMIT $limit!`;
const searchAutomations = sql<ISearchAutomationsQuery>`
  SELECT id, name AS title, NULLIF(category, '') AS subtitle, '/dashboard/automations' AS "url!" FROM automation_templates
   WHERE published AND (name ILIKE $pattern! OR description ILIKE $pattern!) ORDER BY sort_order, id LIMIT $limit!`;
const searchBots = sql<ISearchBotsQuery>`
  SELECT id, name AS title, price AS subtitle, '/dashboard/traffic-bots' AS "url!" FROM bots
   WHERE published AND (name ILIKE $pattern! OR description ILIKE $pattern!) ORDER BY sort_order, id LIMIT $limit!`;
const searchContent = sql<ISearchContentQuery>`
  SELECT id, title, type AS subtitle, '/dashboard/content-database' AS "url!" FROM content_items
   WHERE published AND (title ILIKE $pattern! OR EXISTS (SELECT 1 FROM unnest(tags) AS tag WHERE tag ILIKE $pattern!)) ORDER BY date_added DESC, id LIMIT $limit!`;

/** Where each downloadable kind keeps its file address (an upload under /media/ or an external link). */
const DOWNLOADS = { content: contentDownload, bots: botDownload } as const;

type SearchParams = { pattern: string; limit: number };

/** One SELECT per searchable kind; published rows only. */
const SEARCH_SOURCES: Record<
  'affiliate-program' | 'tool' | 'automation' | 'bot' | 'content',
  (manager: EntityManager, params: SearchParams) => Promise<SearchRow[]>
> = {
  'affiliate-program': (manager, params) => typedRows(manager, searchAffiliatePrograms, params),
  tool: (manager, params) => typedRows(manager, searchTools, params),
  automation: (manager, params) => typedRows(manager, searchAutomations, params),
  bot: (manager, params) => typedRows(manager, searchBots, params),
  content: (manager, params) => typedRows(manager, searchContent, params),
};

export type ResourceSearchKind = keyof typeof SEARCH_SOURCES;
export const RESOURCE_SEARCH_KINDS = Object.keys(SEARCH_SOURCES) as ResourceSearchKind[];

/** What learners read of the members' resources: published rows only, in the admins' order. */
@Injectable()
export class ResourcesRepository {
  constructor(private readonly dataSource: DataSource) {}

  affiliatePrograms(): Promise<AffiliateProgramView[]> {
    return typedRows(this.dataSource.manager, affiliatePrograms, undefined);
  }

  /** Each category's published tools come as one json array, of ToolView objects by its json_build_object. */
  async toolCategories(): Promise<ToolCategoryView[]> {
    const rows = await typedRows(this.dataSource.manager, toolCategories, undefined);
    return rows.map((row) => ({ ...row, tools: row.tools as unknown as ToolCategoryView['tools'] }));
  }

  automations(): Promise<AutomationView[]> {
    return typedRows(this.dataSource.manager, automations, undefined);
  }

  bots(): Promise<BotView[]> {
    return typedRows(this.dataSource.manager, bots, undefined);
  }

  cloudFolders(): Promise<CloudFolderView[]> {
    return typedRows(this.dataSource.manager, cloudFolders, undefined);
  }

  testimonials(): Promise<TestimonialView[]> {
    return typedRows(this.dataSource.manager, testimonials, undefined);
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
    const rows = await queryRows<ContentRow>(
      this.dataSource.manager,
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
    return (await typedOne(this.dataSource.manager, contentStats, undefined))!;
  }

  /** The uploaded file (its media id) or the address of a published content item or bot. */
  downloadSource(kind: DownloadKind, id: number): Promise<{ media_id: string | null; address: string } | undefined> {
    return typedOne(this.dataSource.manager, DOWNLOADS[kind], { id });
  }

  search(kind: ResourceSearchKind, pattern: string, limit: number): Promise<SearchRow[]> {
    return SEARCH_SOURCES[kind](this.dataSource.manager, { pattern, limit });
  }
}
