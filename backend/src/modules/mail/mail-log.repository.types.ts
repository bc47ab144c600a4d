/** Types generated for queries found in "backend/src/modules/mail/mail-log.repository.ts" */

/** 'RecordMail' parameters type */
export interface IRecordMailParams {
  key: string;
  recipient: string;
  subject: string;
  tag?: string | null | void;
}

/** 'RecordMail' return type */
export interface IRecordMailResult {
  dedupe_key: string;
}

/** 'RecordMail' query type */
export interface IRecordMailQuery {
  params: IRecordMailParams;
  result: IRecordMailResult;
}

/** 'AnonymiseMailRecipient' parameters type */
export interface IAnonymiseMailRecipientParams {
  email: string;
  replacement: string;
}

/** 'AnonymiseMailRecipient' return type */
export type IAnonymiseMailRecipientResult = void;

/** 'AnonymiseMailRecipient' query type */
export interface IAnonymiseMailRecipientQuery {
  params: IAnonymiseMailRecipientParams;
  result: IAnonymiseMailRecipientResult;
}
