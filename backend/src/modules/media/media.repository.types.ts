/** Types generated for queries found in "backend/src/modules/media/media.repository.ts" */
export type NumberOrString = number | string;

/** 'InsertMediaRow' parameters type */
export interface IInsertMediaRowParams {
  mimeType: string;
  originalName: string;
  private: boolean;
  size: NumberOrString;
  storedName: string;
  uploadedBy?: string | null | void;
}

/** 'InsertMediaRow' return type */
export interface IInsertMediaRowResult {
  id: string;
  mime_type: string;
  original_name: string;
  private: boolean;
  size: string;
  stored_name: string;
}

/** 'InsertMediaRow' query type */
export interface IInsertMediaRowQuery {
  params: IInsertMediaRowParams;
  result: IInsertMediaRowResult;
}

/** 'MediaByStoredName' parameters type */
export interface IMediaByStoredNameParams {
  name: string;
}

/** 'MediaByStoredName' return type */
export interface IMediaByStoredNameResult {
  id: string;
  mime_type: string;
  original_name: string;
  private: boolean;
  size: string;
  stored_name: string;
}

/** 'MediaByStoredName' query type */
export interface IMediaByStoredNameQuery {
  params: IMediaByStoredNameParams;
  result: IMediaByStoredNameResult;
}

/** 'MediaById' parameters type */
export interface IMediaByIdParams {
  id: string;
}

/** 'MediaById' return type */
export interface IMediaByIdResult {
  id: string;
  mime_type: string;
  original_name: string;
  private: boolean;
  size: string;
  stored_name: string;
}

/** 'MediaById' query type */
export interface IMediaByIdQuery {
  params: IMediaByIdParams;
  result: IMediaByIdResult;
}

/** 'MarkPaidFilesPrivate' parameters type */
export type IMarkPaidFilesPrivateParams = void;

/** 'MarkPaidFilesPrivate' return type */
export type IMarkPaidFilesPrivateResult = void;

/** 'MarkPaidFilesPrivate' query type */
export interface IMarkPaidFilesPrivateQuery {
  params: IMarkPaidFilesPrivateParams;
  result: IMarkPaidFilesPrivateResult;
}
