/** Types generated for queries found in "backend/src/modules/analytics/analytics.repository.ts" */

/** 'Ping' parameters type */
export type IPingParams = void;

/** 'Ping' return type */
export interface IPingResult {
  alive: number | null;
}

/** 'Ping' query type */
export interface IPingQuery {
  params: IPingParams;
  result: IPingResult;
}
