export { SiteModule } from './site.module';
export { PublicPages } from './public-pages';
