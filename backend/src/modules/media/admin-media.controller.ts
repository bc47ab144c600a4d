import { Controller, Post, Req } from '@nestjs/common';
import { ApiBody, ApiConsumes, ApiCreatedResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { ApiErrorResponse } from '../../common/openapi/api-responses';
import type { FastifyRequest } from 'fastify';
import type { AuthUser } from '../../common/auth/auth-user';
import { AdminOnly, CurrentUser } from '../../common/auth/decorators';
import { MediaError } from './media.error';
import { MediaFile, MediaUpload } from './dto/media-file.dto';
import { MediaService } from './media.service';

@ApiTags('admin')
@AdminOnly()
@Controller('admin/media')
export class AdminMediaController {
  constructor(private readonly media: MediaService) {}

  @Post()
  @ApiConsumes('multipart/form-data')
  @ApiOperation({ summary: 'Upload one file (field "file"): images up to 5 MiB, PDF up to 25 MiB, ZIP up to 100 MiB, checked by content' })
  @ApiBody({ type: MediaUpload })
  @ApiCreatedResponse({ type: MediaFile })
  @ApiErrorResponse(413, 'The file is larger than its type allows')
  async upload(@Req() request: FastifyRequest, @CurrentUser() actor: AuthUser): Promise<MediaFile> {
    if (!request.isMultipart()) throw MediaError.notMultipart();
    const part = await request.file();
    if (!part) throw MediaError.noFile();
    if (part.fieldname !== 'file') {
      part.file.resume();
      throw MediaError.noFile();
    }
    return this.media.store(part, actor);
  }
}
