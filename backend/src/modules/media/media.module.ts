import { Module } from '@nestjs/common';
import { AuditModule } from '../audit';
import { AdminMediaController } from './admin-media.controller';
import { MediaRepository } from './media.repository';
import { MediaService } from './media.service';

@Module({
  imports: [AuditModule],
  controllers: [AdminMediaController],
  providers: [MediaService, MediaRepository],
  exports: [MediaService],
})
export class MediaModule {}
