import { Body, Controller, Get, Param, Put, type Type } from '@nestjs/common';
import { ApiBody, ApiExtraModels, ApiOkResponse, ApiOperation, ApiParam, ApiTags, getSchemaPath } from '@nestjs/swagger';
import type { AuthUser } from '../../common/auth/auth-user';
import { AdminOnly, CurrentUser } from '../../common/auth/decorators';
import { CommonError } from '../../common/errors/common.error';
import { AllSettingsView, SETTINGS_SECTION_TYPES, SETTINGS_UPDATE_TYPES } from './dto/settings.dto';
import { isSection, SECTIONS, type AllSettings, type SectionValues } from './settings.schema';
import { SettingsService } from './settings.service';

const oneSectionOf = (types: Record<string, Type<unknown>>) => ({ oneOf: Object.values(types).map((type) => ({ $ref: getSchemaPath(type) })) });

@ApiTags('admin')
@AdminOnly()
@ApiExtraModels(...Object.values(SETTINGS_SECTION_TYPES), ...Object.values(SETTINGS_UPDATE_TYPES))
@Controller('admin/settings')
export class AdminSettingsController {
  constructor(private readonly settings: SettingsService) {}

  @Get()
  @ApiOperation({ summary: 'All settings: general, security, notifications, system, payments, affiliates, email (secrets masked)' })
  @ApiOkResponse({ type: AllSettingsView })
  all(): Promise<AllSettings> {
    return this.settings.forAdmin();
  }

  @Put(':section')
  @ApiOperation({ summary: "Update one section's fields (partial allowed; a masked secret is left unchanged)" })
  @ApiParam({ name: 'section', enum: SECTIONS, enumName: 'SettingsSection' })
  @ApiBody({ description: "Some or all of the section's fields", schema: oneSectionOf(SETTINGS_UPDATE_TYPES) })
  @ApiOkResponse({ description: 'The whole section, as stored (secrets masked)', schema: oneSectionOf(SETTINGS_SECTION_TYPES) })
  async update(@Param('section') section: string, @Body() body: unknown, @CurrentUser() actor: AuthUser): Promise<SectionValues<keyof AllSettings>> {
    if (!isSection(section)) throw CommonError.notFound(`Unknown settings section "${section}"; sections: ${SECTIONS.join(', ')}`);
    if (typeof body !== 'object' || body === null || Array.isArray(body)) throw CommonError.invalid('The body must be a JSON object of settings');
    return this.settings.update(section, body as Record<string, unknown>, actor);
  }
}
