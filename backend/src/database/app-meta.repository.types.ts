/** Types generated for queries found in "backend/src/database/app-meta.repository.ts" */
export type Json = null | boolean | number | string | Json[] | { [key: string]: Json };

/** 'AppMetaHas' parameters type */
export interface IAppMetaHasParams {
  key: string;
}

/** 'AppMetaHas' return type */
export interface IAppMetaHasResult {
  present: number | null;
}

/** 'AppMetaHas' query type */
export interface IAppMetaHasQuery {
  params: IAppMetaHasParams;
  result: IAppMetaHasResult;
}

/** 'SetAppMetaIfAbsent' parameters type */
export interface ISetAppMetaIfAbsentParams {
  key: string;
  value: Json;
}

/** 'SetAppMetaIfAbsent' return type */
export type ISetAppMetaIfAbsentResult = void;

/** 'SetAppMetaIfAbsent' query type */
export interface ISetAppMetaIfAbsentQuery {
  params: ISetAppMetaIfAbsentParams;
  result: ISetAppMetaIfAbsentResult;
}

/** 'EnsureInstanceId' parameters type */
export type IEnsureInstanceIdParams = void;

/** 'EnsureInstanceId' return type */
export type IEnsureInstanceIdResult = void;

/** 'EnsureInstanceId' query type */
export interface IEnsureInstanceIdQuery {
  params: IEnsureInstanceIdParams;
  result: IEnsureInstanceIdResult;
}

/** 'InstanceIdentity' parameters type */
export type IInstanceIdentityParams = void;

/** 'InstanceIdentity' return type */
export interface IInstanceIdentityResult {
  database: string;
  instance_id: string;
}

/** 'InstanceIdentity' query type */
export interface IInstanceIdentityQuery {
  params: IInstanceIdentityParams;
  result: IInstanceIdentityResult;
}
