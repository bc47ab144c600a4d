/** Types generated for queries found in "backend/src/modules/legal/legal-pages.repository.ts" */

/** 'AllLegalPages' parameters type */
export type IAllLegalPagesParams = void;

/** 'AllLegalPages' return type */
export interface IAllLegalPagesResult {
  language: string;
  markdown: string;
  page: string;
  updated_at: Date;
  updated_by: string | null;
  updated_by_email: string | null;
}

/** 'AllLegalPages' query type */
export interface IAllLegalPagesQuery {
  params: IAllLegalPagesParams;
  result: IAllLegalPagesResult;
}

/** 'LegalPage' parameters type */
export interface ILegalPageParams {
  language: string;
  page: string;
}

/** 'LegalPage' return type */
export interface ILegalPageResult {
  language: string;
  markdown: string;
  page: string;
  updated_at: Date;
  updated_by: string | null;
  updated_by_email: string | null;
}

/** 'LegalPage' query type */
export interface ILegalPageQuery {
  params: ILegalPageParams;
  result: ILegalPageResult;
}

/** 'SaveLegalPage' parameters type */
export interface ISaveLegalPageParams {
  language: string;
  markdown: string;
  page: string;
  updatedBy: string;
}

/** 'SaveLegalPage' return type */
export type ISaveLegalPageResult = void;

/** 'SaveLegalPage' query type */
export interface ISaveLegalPageQuery {
  params: ISaveLegalPageParams;
  result: ISaveLegalPageResult;
}

/** 'RemoveLegalPage' parameters type */
export interface IRemoveLegalPageParams {
  language: string;
  page: string;
}

/** 'RemoveLegalPage' return type */
export type IRemoveLegalPageResult = void;

/** 'RemoveLegalPage' query type */
export interface IRemoveLegalPageQuery {
  params: IRemoveLegalPageParams;
  result: IRemoveLegalPageResult;
}
