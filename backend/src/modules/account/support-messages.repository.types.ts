/** Types generated for queries found in "backend/src/modules/account/support-messages.repository.ts" */
export type NumberOrString = number | string;

/** 'InsertSupportMessage' parameters type */
export interface IInsertSupportMessageParams {
  email: string;
  message: string;
  name: string;
  subject: string;
  userId: string;
}

/** 'InsertSupportMessage' return type */
export interface IInsertSupportMessageResult {
  created_at: Date;
  email: string;
  id: string;
  message: string;
  name: string;
  status: string;
  subject: string;
  user_id: string | null;
}

/** 'InsertSupportMessage' query type */
export interface IInsertSupportMessageQuery {
  params: IInsertSupportMessageParams;
  result: IInsertSupportMessageResult;
}

/** 'SupportMessageById' parameters type */
export interface ISupportMessageByIdParams {
  id: NumberOrString;
}

/** 'SupportMessageById' return type */
export interface ISupportMessageByIdResult {
  created_at: Date;
  email: string;
  id: string;
  message: string;
  name: string;
  status: string;
  subject: string;
  user_id: string | null;
}

/** 'SupportMessageById' query type */
export interface ISupportMessageByIdQuery {
  params: ISupportMessageByIdParams;
  result: ISupportMessageByIdResult;
}

/** 'SetSupportMessageStatus' parameters type */
export interface ISetSupportMessageStatusParams {
  id: NumberOrString;
  status: string;
}

/** 'SetSupportMessageStatus' return type */
export type ISetSupportMessageStatusResult = void;

/** 'SetSupportMessageStatus' query type */
export interface ISetSupportMessageStatusQuery {
  params: ISetSupportMessageStatusParams;
  result: ISetSupportMessageStatusResult;
}

/** 'AnonymiseSupportAuthor' parameters type */
export interface IAnonymiseSupportAuthorParams {
  replacement: string;
  userId: string;
}

/** 'AnonymiseSupportAuthor' return type */
export type IAnonymiseSupportAuthorResult = void;

/** 'AnonymiseSupportAuthor' query type */
export interface IAnonymiseSupportAuthorQuery {
  params: IAnonymiseSupportAuthorParams;
  result: IAnonymiseSupportAuthorResult;
}
