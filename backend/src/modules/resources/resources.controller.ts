import { Controller, Get, Param, Query, Res } from '@nestjs/common';
import { ApiFoundResponse, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import type { FastifyReply } from 'fastify';
import type { AuthUser } from '../../common/auth/auth-user';
import { linkHolderOf } from '../../common/auth/signed-links';
import { CurrentUser, RequiresAccess, SignedLinkAuth } from '../../common/auth/decorators';
import { IntIdPipe } from '../../common/http/id-params';
import { MediaService } from '../media';
import type { DownloadKind } from './resources.service';
import { SignedLinkQueryDto } from '../../common/auth/signed-link-query.dto';
import { ContentQueryDto } from './dto/content-query.dto';
import { AffiliatePrograms, Automations, Bots, CloudFolders, ContentPage, ToolCategories } from './dto/resource-views.dto';
import { ResourcesService } from './resources.service';

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
  @ApiOperation({ summary: 'Affiliate programs, in the admins’ order' })
  @ApiOkResponse({ type: AffiliatePrograms })
  async affiliatePrograms(): Promise<AffiliatePrograms> {
    return { items: await this.resources.affiliatePrograms() };
  }

  @Get('tools')
  @ApiOperation({ summary: 'Toolbox categories with their tools' })
  @ApiOkResponse({ type: ToolCategories })
  async tools(): Promise<ToolCategories> {
    return { categories: await this.resources.toolCategories() };
  }

  @Get('automations')
  @ApiOperation({ summary: 'Automation templates' })
  @ApiOkResponse({ type: Automations })
  async automations(): Promise<Automations> {
    return { items: await this.resources.automations() };
  }

  @Get('bots')
  @ApiOperation({ summary: 'Traffic Bots; an uploaded download comes as a signed link for the viewer' })
  @ApiOkResponse({ type: Bots })
  async bots(@CurrentUser() user: AuthUser): Promise<Bots> {
    return { items: await this.resources.bots(linkHolderOf(user)) };
  }

  @Get('cloud-folders')
  @ApiOperation({ summary: 'Shared cloud folders' })
  @ApiOkResponse({ type: CloudFolders })
  async cloudFolders(): Promise<CloudFolders> {
    return { items: await this.resources.cloudFolders() };
  }

  @Get('content')
  @ApiOperation({ summary: 'Content Database: search (title or tag), category and type filters, pages, and the stat tiles' })
  @ApiOkResponse({ type: ContentPage })
  content(@Query() query: ContentQueryDto, @CurrentUser() user: AuthUser): Promise<ContentPage> {
    return this.resources.content(query, linkHolderOf(user));
  }

  /**
   * Opened by a plain link, which carries no bearer token: the caller is
   * either signed in or holds a signed link from the content or bots list;
   * either way the guard checks access now.
   */
  @SignedLinkAuth('content', { param: 'id' })
  @Get('content/:id/download')
  @ApiOperation({ summary: "Streams a content item's uploaded file, or redirects to its external link (bearer token or signed link)" })
  @ApiOkResponse({
    description: 'The file (its own type; inline=1 shows images and PDFs in place)',
    content: { 'application/octet-stream': { schema: { type: 'string', format: 'binary' } } },
  })
  @ApiFoundResponse({
    description: 'The item is an external link: go there',
    headers: { Location: { description: 'The external address', schema: { type: 'string' } } },
  })
  downloadContent(@Param('id', IntIdPipe) id: number, @Query() link: SignedLinkQueryDto, @Res() reply: FastifyReply): Promise<void> {
    return this.send('content', id, link, reply);
  }

  @SignedLinkAuth('bots', { param: 'id' })
  @Get('bots/:id/download')
  @ApiOperation({ summary: "Streams a bot's uploaded file, or redirects to its external link (bearer token or signed link)" })
  @ApiOkResponse({
    description: 'The file (its own type; inline=1 shows images and PDFs in place)',
    content: { 'application/octet-stream': { schema: { type: 'string', format: 'binary' } } },
  })
  @ApiFoundResponse({
    description: 'The item is an external link: go there',
    headers: { Location: { description: 'The external address', schema: { type: 'string' } } },
  })
  downloadBot(@Param('id', IntIdPipe) id: number, @Query() link: SignedLinkQueryDto, @Res() reply: FastifyReply): Promise<void> {
    return this.send('bots', id, link, reply);
  }

  private async send(kind: DownloadKind, id: number, link: SignedLinkQueryDto, reply: FastifyReply): Promise<void> {
    const target = await this.resources.download(kind, id);
    if (target.kind === 'link') {
      await reply.redirect(target.url, 302);
      return;
    }
    const { file } = target;
    await reply
      .header('Content-Type', file.mimeType)
      .header('Content-Length', String(file.size))
      .header(
        'Content-Disposition',
        `${link.inline && INLINE_TYPES.test(file.mimeType) ? 'inline' : 'attachment'}; filename="${file.name.replace(/[^\w.\- ]/g, '_')}"; filename*=UTF-8''${encodeURIComponent(file.name)}`,
      )
      .header('X-Content-Type-Options', 'nosniff')
      .header('Cache-Control', 'private, no-store')
      .send(await this.media.open(file));
  }
}
