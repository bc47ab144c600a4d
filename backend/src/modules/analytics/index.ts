export { AnalyticsModule } from './analytics.module';
export { CATALOGUE_FACTS, type CatalogueFacts } from './ports';
