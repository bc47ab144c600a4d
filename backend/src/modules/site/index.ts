export { SiteModule } from './site.module';
