import { Controller, Get, Param, Query } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiParam, ApiQuery, ApiTags } from '@nestjs/swagger';
import { OpenDuringMaintenance } from '../../common/auth/decorators';
import { Public } from '../../common/auth/public.decorator';
import { LANGUAGES } from '../../common/i18n';
import { PublicLegalPage } from './dto/legal-page.dto';
import { LEGAL_PAGES } from './legal-pages';
import { legalPageOf, LegalPagesService } from './legal-pages.service';

@ApiTags('public')
@Controller('legal-pages')
export class LegalPagesController {
  constructor(private readonly legal: LegalPagesService) {}

  @Public()
  @OpenDuringMaintenance()
  @Get(':page')
  @ApiOperation({ summary: "A legal page in a language as sanitised HTML, placeholders filled from the settings (the seller's text, else the built-in one)" })
  @ApiParam({ name: 'page', enum: LEGAL_PAGES })
  @ApiQuery({ name: 'language', enum: LANGUAGES, required: false, description: 'English when not given' })
  @ApiOkResponse({ type: PublicLegalPage })
  get(@Param('page') page: string, @Query('language') language?: string): Promise<PublicLegalPage> {
    const at = legalPageOf(page, language ?? 'en');
    return this.legal.forPublic(at.page, at.language);
  }
}
