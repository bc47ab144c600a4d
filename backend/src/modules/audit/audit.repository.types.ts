/** Types generated for queries found in "backend/src/modules/audit/audit.repository.ts" */
export type Json = null | boolean | number | string | Json[] | { [key: string]: Json };

/** 'InsertAuditEntry' parameters type */
export interface IInsertAuditEntryParams {
  action: string;
  actorEmail?: string | null | void;
  actorId?: string | null | void;
  apiKeyId?: string | null | void;
  changes?: Json | null | void;
  resource: string;
  resourceId?: string | null | void;
  summary: string;
}

/** 'InsertAuditEntry' return type */
export type IInsertAuditEntryResult = void;

/** 'InsertAuditEntry' query type */
export interface IInsertAuditEntryQuery {
  params: IInsertAuditEntryParams;
  result: IInsertAuditEntryResult;
}
