export { WebModule } from './web.module';
export { registerStaticFiles } from './static-files';
export { PAGE_META, type PageMeta, type PageMetaSource } from './page-meta';
