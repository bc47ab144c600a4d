import { Module } from '@nestjs/common';
import { MediaModule } from '../media/media.module';
import { UsersModule } from '../users/users.module';
import { ADMIN_RESOURCE_CONTROLLERS } from './admin-resources.controller';
import { DownloadLinks } from './download-links';
import { ResourceStore } from './resource-store.service';
import { ResourcesController } from './resources.controller';
import { ResourcesService } from './resources.service';
import { SearchController } from './search.controller';
import { SearchService } from './search.service';
import { TestimonialsController } from './testimonials.controller';

@Module({
  imports: [MediaModule, UsersModule],
  controllers: [ResourcesController, TestimonialsController, SearchController, ...ADMIN_RESOURCE_CONTROLLERS],
  providers: [ResourcesService, ResourceStore, SearchService, DownloadLinks],
  exports: [ResourcesService],
})
export class ResourcesModule {}
