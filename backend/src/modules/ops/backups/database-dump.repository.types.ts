/** Types generated for queries found in "backend/src/modules/ops/backups/database-dump.repository.ts" */
export type NumberOrString = number | string;

/** 'BeginSnapshot' parameters type */
export type IBeginSnapshotParams = void;

/** 'BeginSnapshot' return type */
export type IBeginSnapshotResult = void;

/** 'BeginSnapshot' query type */
export interface IBeginSnapshotQuery {
  params: IBeginSnapshotParams;
  result: IBeginSnapshotResult;
}

/** 'EndSnapshot' parameters type */
export type IEndSnapshotParams = void;

/** 'EndSnapshot' return type */
export type IEndSnapshotResult = void;

/** 'EndSnapshot' query type */
export interface IEndSnapshotQuery {
  params: IEndSnapshotParams;
  result: IEndSnapshotResult;
}

/** 'ServerVersion' parameters type */
export type IServerVersionParams = void;

/** 'ServerVersion' return type */
export interface IServerVersionResult {
  num: string;
  version: string;
}

/** 'ServerVersion' query type */
export interface IServerVersionQuery {
  params: IServerVersionParams;
  result: IServerVersionResult;
}

/** 'AppliedMigrations' parameters type */
export type IAppliedMigrationsParams = void;

/** 'AppliedMigrations' return type */
export interface IAppliedMigrationsResult {
  name: string;
}

/** 'AppliedMigrations' query type */
export interface IAppliedMigrationsQuery {
  params: IAppliedMigrationsParams;
  result: IAppliedMigrationsResult;
}

/** 'PublicColumns' parameters type */
export interface IPublicColumnsParams {
  migrationsTable: string;
}

/** 'PublicColumns' return type */
export interface IPublicColumnsResult {
  column_name: string;
  table_name: string;
  type: string;
}

/** 'PublicColumns' query type */
export interface IPublicColumnsQuery {
  params: IPublicColumnsParams;
  result: IPublicColumnsResult;
}

/** 'PublicSequences' parameters type */
export type IPublicSequencesParams = void;

/** 'PublicSequences' return type */
export interface IPublicSequencesResult {
  name: string;
}

/** 'PublicSequences' query type */
export interface IPublicSequencesQuery {
  params: IPublicSequencesParams;
  result: IPublicSequencesResult;
}

/** 'CloseDumpCursor' parameters type */
export type ICloseDumpCursorParams = void;

/** 'CloseDumpCursor' return type */
export type ICloseDumpCursorResult = void;

/** 'CloseDumpCursor' query type */
export interface ICloseDumpCursorQuery {
  params: ICloseDumpCursorParams;
  result: ICloseDumpCursorResult;
}

/** 'ForeignKeys' parameters type */
export type IForeignKeysParams = void;

/** 'ForeignKeys' return type */
export interface IForeignKeysResult {
  definition: string;
  name: string;
  table: string;
}

/** 'ForeignKeys' query type */
export interface IForeignKeysQuery {
  params: IForeignKeysParams;
  result: IForeignKeysResult;
}

/** 'SetSequence' parameters type */
export interface ISetSequenceParams {
  isCalled: boolean;
  lastValue: NumberOrString;
  sequence: unknown;
}

/** 'SetSequence' return type */
export interface ISetSequenceResult {
  setval: string | null;
}

/** 'SetSequence' query type */
export interface ISetSequenceQuery {
  params: ISetSequenceParams;
  result: ISetSequenceResult;
}

/** 'ColumnsOf' parameters type */
export interface IColumnsOfParams {
  table: unknown;
}

/** 'ColumnsOf' return type */
export interface IColumnsOfResult {
  name: string;
}

/** 'ColumnsOf' query type */
export interface IColumnsOfQuery {
  params: IColumnsOfParams;
  result: IColumnsOfResult;
}

/** 'DatabaseExists' parameters type */
export interface IDatabaseExistsParams {
  name: string;
}

/** 'DatabaseExists' return type */
export interface IDatabaseExistsResult {
  found: number | null;
}

/** 'DatabaseExists' query type */
export interface IDatabaseExistsQuery {
  params: IDatabaseExistsParams;
  result: IDatabaseExistsResult;
}

/** 'ConnectionsTo' parameters type */
export interface IConnectionsToParams {
  name: string;
}

/** 'ConnectionsTo' return type */
export interface IConnectionsToResult {
  n: number;
}

/** 'ConnectionsTo' query type */
export interface IConnectionsToQuery {
  params: IConnectionsToParams;
  result: IConnectionsToResult;
}
