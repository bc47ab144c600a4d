import { Body, Controller, Get, HttpCode, Param, Post, Put } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiParam, ApiTags } from '@nestjs/swagger';
import type { AuthUser } from '../../common/auth/auth-user';
import { AdminOnly, CurrentUser } from '../../common/auth/decorators';
import { LANGUAGES } from '../../common/i18n';
import { AdminLegalPage, LegalPagePreview, LegalPageUpdate } from './dto/legal-page.dto';
import { LEGAL_PAGES } from './legal-pages';
import { legalPageOf, LegalPagesService } from './legal-pages.service';

@ApiTags('admin')
@AdminOnly()
@Controller('admin/legal-pages')
export class AdminLegalPagesController {
  constructor(private readonly legal: LegalPagesService) {}

  @Get()
  @ApiOperation({ summary: 'The terms, privacy and refund pages in each language: the stored Markdown (empty: the built-in text) and the built-in text' })
  @ApiOkResponse({ type: [AdminLegalPage] })
  list(): Promise<AdminLegalPage[]> {
    return this.legal.list();
  }

  @Get(':page/:language')
  @ApiOperation({ summary: 'One legal page in one language' })
  @ApiParam({ name: 'page', enum: LEGAL_PAGES })
  @ApiParam({ name: 'language', enum: LANGUAGES })
  @ApiOkResponse({ type: AdminLegalPage })
  one(@Param('page') page: string, @Param('language') language: string): Promise<AdminLegalPage> {
    const at = legalPageOf(page, language);
    return this.legal.one(at.page, at.language);
  }

  @Put(':page/:language')
  @ApiOperation({ summary: "Saves a legal page's Markdown in one language (audited); an empty text goes back to the built-in text" })
  @ApiParam({ name: 'page', enum: LEGAL_PAGES })
  @ApiParam({ name: 'language', enum: LANGUAGES })
  @ApiOkResponse({ type: AdminLegalPage })
  save(
    @Param('page') page: string,
    @Param('language') language: string,
    @Body() body: LegalPageUpdate,
    @CurrentUser() actor: AuthUser,
  ): Promise<AdminLegalPage> {
    const at = legalPageOf(page, language);
    return this.legal.save(at.page, at.language, body.markdown, actor);
  }

  @Post(':page/:language/preview')
  @HttpCode(200)
  @ApiOperation({ summary: 'The sanitised HTML a Markdown text would show as on the learner site now (nothing is saved; empty: the built-in text)' })
  @ApiParam({ name: 'page', enum: LEGAL_PAGES })
  @ApiParam({ name: 'language', enum: LANGUAGES })
  @ApiOkResponse({ type: LegalPagePreview })
  async preview(@Param('page') page: string, @Param('language') language: string, @Body() body: LegalPageUpdate): Promise<LegalPagePreview> {
    const at = legalPageOf(page, language);
    return { html: await this.legal.preview(at.page, at.language, body.markdown) };
  }
}
