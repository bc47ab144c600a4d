import { Injectable } from '@nestjs/common';
import { SignedLinks, type LinkHolder } from '../../common/auth/signed-links';
import { CommonError } from '../../common/errors/common.error';
import { formatBytes, MEDIA_URL_PREFIX, MediaService, type MediaFile } from '../media';
import type { ContentQueryDto } from './dto/content-query.dto';
import type { AffiliateProgramView, AutomationView, BotView, CloudFolderView, ContentPage, TestimonialView, ToolCategoryView } from './dto/resource-views.dto';
import { DOWNLOAD_SOURCES, ResourcesRepository, type DownloadKind } from './resources.repository';

export type { DownloadKind } from './resources.repository';

export type ResourceDownload = { kind: 'file'; file: MediaFile } | { kind: 'link'; url: string };

/** What learners read: published resources only, in the admins' order. */
@Injectable()
export class ResourcesService {
  constructor(
    private readonly resources: ResourcesRepository,
    private readonly media: MediaService,
    private readonly links: SignedLinks,
  ) {}

  affiliatePrograms(): Promise<AffiliateProgramView[]> {
    return this.resources.affiliatePrograms();
  }

  toolCategories(): Promise<ToolCategoryView[]> {
    return this.resources.toolCategories();
  }

  automations(): Promise<AutomationView[]> {
    return this.resources.automations();
  }

  /** An uploaded bot download is handed out as a signed, access-checked link for the viewer, never its raw media address. */
  private downloadUrl(kind: DownloadKind, id: number, viewer: LinkHolder): string {
    return this.links.url(kind, id, viewer, `/api/resources/${kind}/${id}/download`);
  }

  async bots(viewer: LinkHolder): Promise<BotView[]> {
    const rows = await this.resources.bots();
    return rows.map((bot) => (bot.downloadUrl.startsWith(MEDIA_URL_PREFIX) ? { ...bot, downloadUrl: this.downloadUrl('bots', bot.id, viewer) } : bot));
  }

  cloudFolders(): Promise<CloudFolderView[]> {
    return this.resources.cloudFolders();
  }

  testimonials(): Promise<TestimonialView[]> {
    return this.resources.testimonials();
  }

  /**
   * One page of the Content Database: the search matches the title or any
   * tag, case-insensitively, and combines with the category and type. The
   * stat tiles describe the whole published library, the storage figure
   * being the sum of the uploaded files' real sizes. Download links are
   * signed for the viewer.
   */
  async content(query: ContentQueryDto, viewer: LinkHolder): Promise<ContentPage> {
    const [{ rows, total }, stats] = await Promise.all([this.resources.contentPage(query), this.resources.contentStats()]);
    return {
      items: rows.map(({ fileUrl, ...item }) => {
        const downloadUrl = this.downloadUrl('content', item.id, viewer);
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

  /** The uploaded file of a published content item or bot, or its external link. */
  async download(kind: DownloadKind, id: number): Promise<ResourceDownload> {
    const source = DOWNLOAD_SOURCES[kind];
    const item = await this.resources.downloadSource(kind, id);
    if (!item) throw CommonError.notFound(source.missing);
    if (item.media_id) {
      const file = await this.media.findById(item.media_id);
      if (file) return { kind: 'file', file };
    }
    if (/^https?:\/\//i.test(item.address)) return { kind: 'link', url: item.address };
    throw CommonError.notFound(source.empty);
  }
}
