/** Types generated for queries found in "backend/src/modules/payments/receipts.repository.ts" */
export type NumberOrString = number | string;

export type stringArray = string[];

/** 'LockPaymentForDocument' parameters type */
export interface ILockPaymentForDocumentParams {
  paymentId: string;
}

/** 'LockPaymentForDocument' return type */
export interface ILockPaymentForDocumentResult {
  locked: number | null;
}

/** 'LockPaymentForDocument' query type */
export interface ILockPaymentForDocumentQuery {
  params: ILockPaymentForDocumentParams;
  result: ILockPaymentForDocumentResult;
}

/** 'TakeDocumentNumber' parameters type */
export interface ITakeDocumentNumberParams {
  kind: string;
}

/** 'TakeDocumentNumber' return type */
export interface ITakeDocumentNumberResult {
  last: string;
}

/** 'TakeDocumentNumber' query type */
export interface ITakeDocumentNumberQuery {
  params: ITakeDocumentNumberParams;
  result: ITakeDocumentNumberResult;
}

/** 'FindReceipt' parameters type */
export interface IFindReceiptParams {
  paymentId: string;
}

/** 'FindReceipt' return type */
export interface IFindReceiptResult {
  issued_at: Date;
  number: string;
}

/** 'FindReceipt' query type */
export interface IFindReceiptQuery {
  params: IFindReceiptParams;
  result: IFindReceiptResult;
}

/** 'FindCreditNote' parameters type */
export interface IFindCreditNoteParams {
  paymentId: string;
}

/** 'FindCreditNote' return type */
export interface IFindCreditNoteResult {
  issued_at: Date;
  number: string;
}

/** 'FindCreditNote' query type */
export interface IFindCreditNoteQuery {
  params: IFindCreditNoteParams;
  result: IFindCreditNoteResult;
}

/** 'InsertReceipt' parameters type */
export interface IInsertReceiptParams {
  number: NumberOrString;
  paymentId: string;
}

/** 'InsertReceipt' return type */
export interface IInsertReceiptResult {
  issued_at: Date;
  number: string;
}

/** 'InsertReceipt' query type */
export interface IInsertReceiptQuery {
  params: IInsertReceiptParams;
  result: IInsertReceiptResult;
}

/** 'InsertCreditNote' parameters type */
export interface IInsertCreditNoteParams {
  number: NumberOrString;
  paymentId: string;
}

/** 'InsertCreditNote' return type */
export interface IInsertCreditNoteResult {
  issued_at: Date;
  number: string;
}

/** 'InsertCreditNote' query type */
export interface IInsertCreditNoteQuery {
  params: IInsertCreditNoteParams;
  result: IInsertCreditNoteResult;
}

/** 'DocumentNumbers' parameters type */
export interface IDocumentNumbersParams {
  paymentIds: stringArray;
}

/** 'DocumentNumbers' return type */
export interface IDocumentNumbersResult {
  credit_note: string | null;
  id: string;
  invoice: string | null;
}

/** 'DocumentNumbers' query type */
export interface IDocumentNumbersQuery {
  params: IDocumentNumbersParams;
  result: IDocumentNumbersResult;
}
