export { LegalModule } from './legal.module';
export { LegalPagesService } from './legal-pages.service';
export { LEGAL_PAGE_PATHS, LEGAL_PAGES, type LegalPageName } from './legal-pages';
export type { PublicLegalPage } from './dto/legal-page.dto';
