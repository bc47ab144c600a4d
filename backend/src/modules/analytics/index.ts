export { AnalyticsModule } from './analytics.module';
export { CATALOGUE_FACTS, type CatalogueFacts } from './ports';
export { FunnelService } from './funnel.service';
export type { PageView } from './funnel.repository';
