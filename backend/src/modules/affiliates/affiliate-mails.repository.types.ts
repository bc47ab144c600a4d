/** Types generated for queries found in "backend/src/modules/affiliates/affiliate-mails.repository.ts" */
export type NumberOrString = number | string;

/** 'ClaimNewlyApproved' parameters type */
export interface IClaimNewlyApprovedParams {
  limit: NumberOrString;
}

/** 'ClaimNewlyApproved' return type */
export interface IClaimNewlyApprovedResult {
  affiliate_id: string;
  amount: string;
  created_at: Date;
  currency: string;
  email: string;
  id: string;
  name: string;
  payable_at: Date;
  payment_id: string;
  user_id: string | null;
}

/** 'ClaimNewlyApproved' query type */
export interface IClaimNewlyApprovedQuery {
  params: IClaimNewlyApprovedParams;
  result: IClaimNewlyApprovedResult;
}
