/** Types generated for queries found in "backend/src/modules/resources/resources.repository.ts" */
export type Json = null | boolean | number | string | Json[] | { [key: string]: Json };

export type NumberOrString = number | string;

export type stringArray = string[];

/** 'AffiliatePrograms' parameters type */
export type IAffiliateProgramsParams = void;

/** 'AffiliatePrograms' return type */
export interface IAffiliateProgramsResult {
  description: string;
  id: number;
  minPayout: string;
  name: string;
  paymentModels: stringArray;
  website: string;
}

/** 'AffiliatePrograms' query type */
export interface IAffiliateProgramsQuery {
  params: IAffiliateProgramsParams;
  result: IAffiliateProgramsResult;
}

/** 'ToolCategories' parameters type */
export type IToolCategoriesParams = void;

/** 'ToolCategories' return type */
export interface IToolCategoriesResult {
  icon: string;
  id: number;
  title: string;
  tools: Json;
}

/** 'ToolCategories' query type */
export interface IToolCategoriesQuery {
  params: IToolCategoriesParams;
  result: IToolCategoriesResult;
}

/** 'Automations' parameters type */
export type IAutomationsParams = void;

/** 'Automations' return type */
export interface IAutomationsResult {
  category: string;
  department: string;
  description: string;
  icon: string;
  id: number;
  link: string;
  name: string;
}

/** 'Automations' query type */
export interface IAutomationsQuery {
  params: IAutomationsParams;
  result: IAutomationsResult;
}

/** 'Bots' parameters type */
export type IBotsParams = void;

/** 'Bots' return type */
export interface IBotsResult {
  description: string;
  downloadUrl: string;
  features: stringArray;
  id: number;
  image: string;
  name: string;
  price: string;
}

/** 'Bots' query type */
export interface IBotsQuery {
  params: IBotsParams;
  result: IBotsResult;
}

/** 'CloudFolders' parameters type */
export type ICloudFoldersParams = void;

/** 'CloudFolders' return type */
export interface ICloudFoldersResult {
  description: string;
  id: number;
  title: string;
  url: string;
}

/** 'CloudFolders' query type */
export interface ICloudFoldersQuery {
  params: ICloudFoldersParams;
  result: ICloudFoldersResult;
}

/** 'Testimonials' parameters type */
export type ITestimonialsParams = void;

/** 'Testimonials' return type */
export interface ITestimonialsResult {
  id: number;
  name: string;
  rating: number;
  text: string;
}

/** 'Testimonials' query type */
export interface ITestimonialsQuery {
  params: ITestimonialsParams;
  result: ITestimonialsResult;
}

/** 'ContentStats' parameters type */
export type IContentStatsParams = void;

/** 'ContentStats' return type */
export interface IContentStatsResult {
  bytes: number;
  documents: number;
  totalItems: number;
  videos: number;
}

/** 'ContentStats' query type */
export interface IContentStatsQuery {
  params: IContentStatsParams;
  result: IContentStatsResult;
}

/** 'ContentDownload' parameters type */
export interface IContentDownloadParams {
  id: number;
}

/** 'ContentDownload' return type */
export interface IContentDownloadResult {
  address: string;
  media_id: string | null;
}

/** 'ContentDownload' query type */
export interface IContentDownloadQuery {
  params: IContentDownloadParams;
  result: IContentDownloadResult;
}

/** 'BotDownload' parameters type */
export interface IBotDownloadParams {
  id: number;
}

/** 'BotDownload' return type */
export interface IBotDownloadResult {
  address: string;
  media_id: string | null;
}

/** 'BotDownload' query type */
export interface IBotDownloadQuery {
  params: IBotDownloadParams;
  result: IBotDownloadResult;
}

/** 'SearchAffiliatePrograms' parameters type */
export interface ISearchAffiliateProgramsParams {
  limit: NumberOrString;
  pattern: string;
}

/** 'SearchAffiliatePrograms' return type */
export interface ISearchAffiliateProgramsResult {
  id: number;
  subtitle: string | null;
  title: string;
  url: string;
}

/** 'SearchAffiliatePrograms' query type */
export interface ISearchAffiliateProgramsQuery {
  params: ISearchAffiliateProgramsParams;
  result: ISearchAffiliateProgramsResult;
}

/** 'SearchTools' parameters type */
export interface ISearchToolsParams {
  limit: NumberOrString;
  pattern: string;
}

/** 'SearchTools' return type */
export interface ISearchToolsResult {
  id: number;
  subtitle: string;
  title: string;
  url: string;
}

/** 'SearchTools' query type */
export interface ISearchToolsQuery {
  params: ISearchToolsParams;
  result: ISearchToolsResult;
}

/** 'SearchAutomations' parameters type */
export interface ISearchAutomationsParams {
  limit: NumberOrString;
  pattern: string;
}

/** 'SearchAutomations' return type */
export interface ISearchAutomationsResult {
  id: number;
  subtitle: string | null;
  title: string;
  url: string;
}

/** 'SearchAutomations' query type */
export interface ISearchAutomationsQuery {
  params: ISearchAutomationsParams;
  result: ISearchAutomationsResult;
}

/** 'SearchBots' parameters type */
export interface ISearchBotsParams {
  limit: NumberOrString;
  pattern: string;
}

/** 'SearchBots' return type */
export interface ISearchBotsResult {
  id: number;
  subtitle: string;
  title: string;
  url: string;
}

/** 'SearchBots' query type */
export interface ISearchBotsQuery {
  params: ISearchBotsParams;
  result: ISearchBotsResult;
}

/** 'SearchContent' parameters type */
export interface ISearchContentParams {
  limit: NumberOrString;
  pattern: string;
}

/** 'SearchContent' return type */
export interface ISearchContentResult {
  id: number;
  subtitle: string;
  title: string;
  url: string;
}

/** 'SearchContent' query type */
export interface ISearchContentQuery {
  params: ISearchContentParams;
  result: ISearchContentResult;
}
