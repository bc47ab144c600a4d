import { Controller, Get, Param, Query, Res } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import type { FastifyReply } from 'fastify';
import type { AuthUser } from '../../common/auth/auth-user';
import { CurrentUser, RequiresAccess } from '../../common/auth/decorators';
import { Public } from '../../common/auth/public.decorator';
import { IntIdPipe } from '../../common/http/id-params';
import { MediaService } from '../media/media.service';
import type { DownloadKind } from './download-links';
import { ContentQueryDto, DownloadLinkQueryDto } from './dto/content-query.dto';
import {
  ResourcesService,
  type AffiliateProgramView,
  type AutomationView,
  type BotView,
  type CloudFolderView,
  type ContentPage,
  type ToolCategoryView,
} from './resources.service';

/** Types a browser may show in place (everything else is always saved). */
const INLINE_TYPES = /^(image\/(png|jpeg|gif|webp)|application\/pdf)$/;

/** The members' resources of the learner dashboard: lifetime access (or an admin) required. */
@ApiTags('resources')
@RequiresAccess()
@Controller('resources')
export class ResourcesController {
  constructor(
    private readonly resources: ResourcesService,
    private readonly media: MediaService,
  ) {}

  @Get('affiliate-programs')
  async affiliatePrograms(): Promise<{ items: AffiliateProgramView[] }> {
    return { items: await this.resources.affiliatePrograms() };
  }

  @Get('tools')
  @ApiOperation({ summary: 'Toolbox categories with their tools' })
  async tools(): Promise<{ categories: ToolCategoryView[] }> {
    return { categories: await this.resources.toolCategories() };
  }

  @Get('automations')
  async automations(): Promise<{ items: AutomationView[] }> {
    return { items: await this.resources.automations() };
  }

  @Get('bots')
  @ApiOperation({ summary: 'Traffic Bots; an uploaded download comes as a signed link for the viewer' })
  async bots(@CurrentUser() user: AuthUser): Promise<{ items: BotView[] }> {
    return { items: await this.resources.bots(user.id) };
  }

  @Get('cloud-folders')
  async cloudFolders(): Promise<{ items: CloudFolderView[] }> {
    return { items: await this.resources.cloudFolders() };
  }

  @Get('content')
  @ApiOperation({ summary: 'Content Database: search (title or tag), category and type filters, pages, and the stat tiles' })
  content(@Query() query: ContentQueryDto, @CurrentUser() user: AuthUser): Promise<ContentPage> {
    return this.resources.content(query, user.id);
  }

  /**
   * Public as routes because a plain link carries no bearer token: the
   * caller is either signed in (the guard then checked access) or holds a
   * signed link from the content or bots list.
   */
  @Public()
  @Get('content/:id/download')
  @ApiOperation({ summary: "Streams a content item's uploaded file, or redirects to its external link (bearer token or signed link)" })
  downloadContent(
    @Param('id', IntIdPipe) id: number,
    @Query() link: DownloadLinkQueryDto,
    @CurrentUser() user: AuthUser | undefined,
    @Res() reply: FastifyReply,
  ): Promise<void> {
    return this.send('content', id, link, user, reply);
  }

  @Public()
  @Get('bots/:id/download')
  @ApiOperation({ summary: "Streams a bot's uploaded file, or redirects to its external link (bearer token or signed link)" })
  downloadBot(
    @Param('id', IntIdPipe) id: number,
    @Query() link: DownloadLinkQueryDto,
    @CurrentUser() user: AuthUser | undefined,
    @Res() reply: FastifyReply,
  ): Promise<void> {
    return this.send('bots', id, link, user, reply);
  }

  private async send(kind: DownloadKind, id: number, link: DownloadLinkQueryDto, user: AuthUser | undefined, reply: FastifyReply): Promise<void> {
    if (!user) await this.resources.assertDownloadLink(kind, id, link);
    const target = await this.resources.download(kind, id);
    if (target.kind === 'link') {
      await reply.redirect(target.url, 302);
      return;
    }
    const { file } = target;
    await reply
      .header('Content-Type', file.mimeType)
      .header('Content-Length', String(file.size))
      .header('Content-Disposition', `${link.inline && INLINE_TYPES.test(file.mimeType) ? 'inline' : 'attachment'}; filename="${file.name.replace(/[^\w.\- ]/g, '_')}"; filename*=UTF-8''${encodeURIComponent(file.name)}`)
      .header('X-Content-Type-Options', 'nosniff')
      .header('Cache-Control', 'private, no-store')
      .send(await this.media.open(file));
  }
}
