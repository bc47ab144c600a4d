/** Types generated for queries found in "backend/src/modules/auth/api-keys/api-keys.repository.ts" */
export type DateOrString = Date | string;

export type Json = null | boolean | number | string | Json[] | { [key: string]: Json };

/** 'InsertApiKey' parameters type */
export interface IInsertApiKeyParams {
  createdBy: string;
  expiresAt?: DateOrString | null | void;
  keyId: string;
  name: string;
  scopes: Json;
  secretHash: Buffer;
}

/** 'InsertApiKey' return type */
export interface IInsertApiKeyResult {
  id: string;
}

/** 'InsertApiKey' query type */
export interface IInsertApiKeyQuery {
  params: IInsertApiKeyParams;
  result: IInsertApiKeyResult;
}

/** 'ApiKeyById' parameters type */
export interface IApiKeyByIdParams {
  id: string;
}

/** 'ApiKeyById' return type */
export interface IApiKeyByIdResult {
  id: string;
}

/** 'ApiKeyById' query type */
export interface IApiKeyByIdQuery {
  params: IApiKeyByIdParams;
  result: IApiKeyByIdResult;
}

/** 'ApiKeyByKeyId' parameters type */
export interface IApiKeyByKeyIdParams {
  keyId: string;
}

/** 'ApiKeyByKeyId' return type */
export interface IApiKeyByKeyIdResult {
  created_by: string;
  id: string;
  key_id: string;
  name: string;
  scopes: Json;
  secret_hash: Buffer;
  usable: boolean;
}

/** 'ApiKeyByKeyId' query type */
export interface IApiKeyByKeyIdQuery {
  params: IApiKeyByKeyIdParams;
  result: IApiKeyByKeyIdResult;
}

/** 'RevokeApiKey' parameters type */
export interface IRevokeApiKeyParams {
  id: string;
  revokedBy: string;
}

/** 'RevokeApiKey' return type */
export type IRevokeApiKeyResult = void;

/** 'RevokeApiKey' query type */
export interface IRevokeApiKeyQuery {
  params: IRevokeApiKeyParams;
  result: IRevokeApiKeyResult;
}

/** 'TouchApiKey' parameters type */
export interface ITouchApiKeyParams {
  id: string;
}

/** 'TouchApiKey' return type */
export type ITouchApiKeyResult = void;

/** 'TouchApiKey' query type */
export interface ITouchApiKeyQuery {
  params: ITouchApiKeyParams;
  result: ITouchApiKeyResult;
}
