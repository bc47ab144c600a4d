import { Module } from '@nestjs/common';
import { SignedLinks } from '../../common/auth/signed-links';
import { AuditModule } from '../audit';
import { CoursesModule } from '../courses';
import { MediaModule } from '../media';
import { ADMIN_RESOURCE_CONTROLLERS } from './admin-resources.controller';
import { ResourceStoreRepository } from './resource-store.repository';
import { ResourceStore } from './resource-store.service';
import { ResourcesController } from './resources.controller';
import { ResourcesRepository } from './resources.repository';
import { ResourcesService } from './resources.service';
import { SearchController } from './search.controller';
import { SearchService } from './search.service';
import { TestimonialsController } from './testimonials.controller';

/** The members' area resources (affiliate programs, tools, automations, bots, cloud folders, content, testimonials) and the dashboard search. */
@Module({
  imports: [AuditModule, MediaModule, CoursesModule],
  controllers: [ResourcesController, TestimonialsController, SearchController, ...ADMIN_RESOURCE_CONTROLLERS],
  providers: [ResourcesService, ResourcesRepository, ResourceStore, ResourceStoreRepository, SearchService, SignedLinks],
})
export class ResourcesModule {}
