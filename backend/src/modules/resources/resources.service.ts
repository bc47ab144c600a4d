import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { ApiError } from '../../common/errors/api-error';
import { likePattern } from '../../common/http/list-query';
import { WhereBuilder } from '../../common/http/where-builder';
import { formatBytes } from '../media/file-types';
import { MEDIA_URL_PREFIX, MediaService, type MediaFile } from '../media/media.service';
import { UsersService } from '../users/users.service';
import { DownloadLinks, type DownloadKind, type DownloadLinkParams } from './download-links';
import type { ContentQueryDto } from './dto/content-query.dto';
import type { ContentCategory, ContentType } from './resource-kinds';

export interface AffiliateProgramView {
  id: number;
  name: string;
  website: string;
  description: string;
  minPayout: string;
  paymentModels: string[];
}

export interface ToolView {
  id: number;
  name: string;
  description: string;
  website: string;
  promoCode: string | null;
  discount: string | null;
}

export interface ToolCategoryView {
  id: number;
  title: string;
  icon: string;
  tools: ToolView[];
}

export interface AutomationView {
  id: number;
  name: string;
  description: string;
  icon: string;
  department: string;
  category: string;
  link: string;
}

export interface BotView {
  id: number;
  name: string;
  description: string;
  price: string;
  image: string;
  features: string[];
  downloadUrl: string;
}

export interface CloudFolderView {
  id: number;
  title: string;
  description: string;
  url: string;
}

export interface TestimonialView {
  id: number;
  name: string;
  text: string;
  rating: number;
}

export interface ContentItemView {
  id: number;
  title: string;
  type: ContentType;
  category: ContentCategory;
  duration: string | null;
  size: string | null;
  tags: string[];
  dateAdded: string;
  thumbnail: string | null;
  viewUrl: string;
  downloadUrl: string;
}

export interface ContentStats {
  totalItems: number;
  videos: number;
  documents: number;
  storageUsed: string;
}

export interface ContentPage {
  items: ContentItemView[];
  total: number;
  page: number;
  pageSize: number;
  stats: ContentStats;
}

export type ResourceDownload = { kind: 'file'; file: MediaFile } | { kind: 'link'; url: string };

const PUBLISHED_ORDER = 'WHERE published ORDER BY sort_order, id';

/** Where each downloadable kind keeps its file address (an upload under /media/ or an external link). */
const DOWNLOAD_SOURCES: Record<DownloadKind, { table: string; column: string; missing: string; empty: string }> = {
  content: { table: 'content_items', column: 'file_url', missing: 'Content item not found', empty: 'This content item has no file to download' },
  bots: { table: 'bots', column: 'download_url', missing: 'Bot not found', empty: 'This bot has no file to download' },
};

/** What learners read: published resources only, in the admins' order. */
@Injectable()
export class ResourcesService {
  constructor(
    private readonly dataSource: DataSource,
    private readonly media: MediaService,
    private readonly users: UsersService,
    private readonly links: DownloadLinks,
  ) {}

  affiliatePrograms(): Promise<AffiliateProgramView[]> {
    return this.dataSource.query(
      `SELECT id, name, website, description, min_payout AS "minPayout", payment_models AS "paymentModels" FROM affiliate_programs ${PUBLISHED_ORDER}`,
    );
  }

  toolCategories(): Promise<ToolCategoryView[]> {
    return this.dataSource.query(
      `SELECT c.id, c.title, c.icon,
              COALESCE((SELECT json_agg(json_build_object('id', t.id, 'name', t.name, 'description', t.description, 'website', t.website,
                                                          'promoCode', t.promo_code, 'discount', t.discount) ORDER BY t.sort_order, t.id)
                          FROM tools t WHERE t.category_id = c.id AND t.published), '[]'::json) AS tools
         FROM tool_categories c WHERE c.published ORDER BY c.sort_order, c.id`,
    );
  }

  automations(): Promise<AutomationView[]> {
    return this.dataSource.query(`SELECT id, name, description, icon, department, category, link FROM automation_templates ${PUBLISHED_ORDER}`);
  }

  /** An uploaded bot download is handed out as a signed, access-checked link for the viewer, never its raw media address. */
  async bots(viewerId: string): Promise<BotView[]> {
    const rows: BotView[] = await this.dataSource.query(
      `SELECT id, name, description, price, image, features, download_url AS "downloadUrl" FROM bots ${PUBLISHED_ORDER}`,
    );
    return rows.map((bot) => (bot.downloadUrl.startsWith(MEDIA_URL_PREFIX) ? { ...bot, downloadUrl: this.links.url('bots', bot.id, viewerId) } : bot));
  }

  cloudFolders(): Promise<CloudFolderView[]> {
    return this.dataSource.query(`SELECT id, title, description, url FROM cloud_folders ${PUBLISHED_ORDER}`);
  }

  testimonials(): Promise<TestimonialView[]> {
    return this.dataSource.query(`SELECT id, name, text, rating FROM testimonials ${PUBLISHED_ORDER}`);
  }

  /**
   * One page of the Content Database: the search matches the title or any
   * tag, case-insensitively, and combines with the category and type. The
   * stat tiles describe the whole published library, the storage figure
   * being the sum of the uploaded files' real sizes. Download links are
   * signed for the viewer.
   */
  async content(query: ContentQueryDto, viewerId: string): Promise<ContentPage> {
    const search = query.q?.trim();
    const where = new WhereBuilder()
      .add('published')
      .when(search, '(title ILIKE ? OR EXISTS (SELECT 1 FROM unnest(tags) AS tag WHERE tag ILIKE ?))', ...Array(2).fill(search && likePattern(search)))
      .when(query.category, 'category = ?', query.category)
      .when(query.type, 'type = ?', query.type);
    const [{ total }] = await this.dataSource.query(`SELECT count(*)::int AS total FROM content_items ${where.sql}`, where.params);
    const rows: Array<Omit<ContentItemView, 'viewUrl' | 'downloadUrl'> & { fileUrl: string }> = await this.dataSource.query(
      `SELECT id, title, type, category, duration, size, tags, to_char(date_added, 'YYYY-MM-DD') AS "dateAdded",
              NULLIF(thumbnail, '') AS thumbnail, file_url AS "fileUrl"
         FROM content_items ${where.sql}
        ORDER BY date_added DESC, sort_order, id OFFSET ${(query.page - 1) * query.pageSize} LIMIT ${query.pageSize}`,
      where.params,
    );
    const [stats] = await this.dataSource.query(
      `SELECT count(*)::int AS "totalItems",
              count(*) FILTER (WHERE type = 'video')::int AS videos,
              count(*) FILTER (WHERE type = 'document')::int AS documents,
              COALESCE(sum(size_bytes), 0)::float8 AS bytes
         FROM content_items WHERE published`,
    );
    return {
      items: rows.map(({ fileUrl, ...item }) => {
        const downloadUrl = this.links.url('content', item.id, viewerId);
        // An uploaded file is viewed through the same signed, access-checked link (shown inline), never its raw media address.
        const viewUrl = fileUrl.startsWith(MEDIA_URL_PREFIX) ? `${downloadUrl}&inline=1` : fileUrl;
        return { ...item, viewUrl, downloadUrl };
      }),
      total,
      page: query.page,
      pageSize: query.pageSize,
      stats: { totalItems: stats.totalItems, videos: stats.videos, documents: stats.documents, storageUsed: formatBytes(stats.bytes) },
    };
  }

  /**
   * Checks a signed download link: it must be genuine and unexpired, and
   * the learner it was issued to must still be active with access (or an admin).
   */
  async assertDownloadLink(kind: DownloadKind, itemId: number, link: DownloadLinkParams): Promise<void> {
    const userId = this.links.verify(kind, itemId, link);
    const user = await this.users.findById(userId);
    if (!user || user.status !== 'active') throw ApiError.forbidden('This download link is not valid');
    if (user.role !== 'admin' && !user.has_access) {
      throw ApiError.forbidden('Lifetime access is required for this content. Get access on the payment page.');
    }
  }

  /** The uploaded file of a published content item or bot, or its external link. */
  async download(kind: DownloadKind, id: number): Promise<ResourceDownload> {
    const source = DOWNLOAD_SOURCES[kind];
    const rows: Array<{ media_id: string | null; address: string }> = await this.dataSource.query(
      `SELECT media_id, ${source.column} AS address FROM ${source.table} WHERE id = $1 AND published`,
      [id],
    );
    const item = rows[0];
    if (!item) throw ApiError.notFound(source.missing);
    if (item.media_id) {
      const file = await this.media.findById(item.media_id);
      if (file) return { kind: 'file', file };
    }
    if (/^https?:\/\//i.test(item.address)) return { kind: 'link', url: item.address };
    throw ApiError.notFound(source.empty);
  }
}
