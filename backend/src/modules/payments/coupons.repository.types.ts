/** Types generated for queries found in "backend/src/modules/payments/coupons.repository.ts" */
export type DateOrString = Date | string;

export type NumberOrString = number | string;

/** 'AllCoupons' parameters type */
export type IAllCouponsParams = void;

/** 'AllCoupons' return type */
export interface IAllCouponsResult {
  active: boolean;
  amount_off: string | null;
  code: string;
  created_at: Date;
  currency: string | null;
  id: string;
  kind: string;
  max_redemptions: number | null;
  once_per_email: boolean;
  percent_off: string | null;
  redemptions: number;
  updated_at: Date;
  valid_from: Date | null;
  valid_to: Date | null;
}

/** 'AllCoupons' query type */
export interface IAllCouponsQuery {
  params: IAllCouponsParams;
  result: IAllCouponsResult;
}

/** 'CouponById' parameters type */
export interface ICouponByIdParams {
  id: string;
}

/** 'CouponById' return type */
export interface ICouponByIdResult {
  active: boolean;
  amount_off: string | null;
  code: string;
  created_at: Date;
  currency: string | null;
  id: string;
  kind: string;
  max_redemptions: number | null;
  once_per_email: boolean;
  percent_off: string | null;
  redemptions: number;
  updated_at: Date;
  valid_from: Date | null;
  valid_to: Date | null;
}

/** 'CouponById' query type */
export interface ICouponByIdQuery {
  params: ICouponByIdParams;
  result: ICouponByIdResult;
}

/** 'CouponByCode' parameters type */
export interface ICouponByCodeParams {
  code: string;
}

/** 'CouponByCode' return type */
export interface ICouponByCodeResult {
  active: boolean;
  amount_off: string | null;
  code: string;
  created_at: Date;
  currency: string | null;
  id: string;
  kind: string;
  max_redemptions: number | null;
  once_per_email: boolean;
  percent_off: string | null;
  redemptions: number;
  updated_at: Date;
  valid_from: Date | null;
  valid_to: Date | null;
}

/** 'CouponByCode' query type */
export interface ICouponByCodeQuery {
  params: ICouponByCodeParams;
  result: ICouponByCodeResult;
}

/** 'InsertCoupon' parameters type */
export interface IInsertCouponParams {
  active: boolean;
  amountOff?: NumberOrString | null | void;
  code: string;
  currency?: string | null | void;
  kind: string;
  maxRedemptions?: number | null | void;
  oncePerEmail: boolean;
  percentOff?: NumberOrString | null | void;
  validFrom?: DateOrString | null | void;
  validTo?: DateOrString | null | void;
}

/** 'InsertCoupon' return type */
export interface IInsertCouponResult {
  active: boolean;
  amount_off: string | null;
  code: string;
  created_at: Date;
  currency: string | null;
  id: string;
  kind: string;
  max_redemptions: number | null;
  once_per_email: boolean;
  percent_off: string | null;
  redemptions: number;
  updated_at: Date;
  valid_from: Date | null;
  valid_to: Date | null;
}

/** 'InsertCoupon' query type */
export interface IInsertCouponQuery {
  params: IInsertCouponParams;
  result: IInsertCouponResult;
}

/** 'UpdateCoupon' parameters type */
export interface IUpdateCouponParams {
  active: boolean;
  amountOff?: NumberOrString | null | void;
  code: string;
  currency?: string | null | void;
  id: string;
  kind: string;
  maxRedemptions?: number | null | void;
  oncePerEmail: boolean;
  percentOff?: NumberOrString | null | void;
  validFrom?: DateOrString | null | void;
  validTo?: DateOrString | null | void;
}

/** 'UpdateCoupon' return type */
export interface IUpdateCouponResult {
  active: boolean;
  amount_off: string | null;
  code: string;
  created_at: Date;
  currency: string | null;
  id: string;
  kind: string;
  max_redemptions: number | null;
  once_per_email: boolean;
  percent_off: string | null;
  redemptions: number;
  updated_at: Date;
  valid_from: Date | null;
  valid_to: Date | null;
}

/** 'UpdateCoupon' query type */
export interface IUpdateCouponQuery {
  params: IUpdateCouponParams;
  result: IUpdateCouponResult;
}

/** 'DeleteUnredeemedCoupon' parameters type */
export interface IDeleteUnredeemedCouponParams {
  id: string;
}

/** 'DeleteUnredeemedCoupon' return type */
export type IDeleteUnredeemedCouponResult = void;

/** 'DeleteUnredeemedCoupon' query type */
export interface IDeleteUnredeemedCouponQuery {
  params: IDeleteUnredeemedCouponParams;
  result: IDeleteUnredeemedCouponResult;
}

/** 'DeactivateCoupon' parameters type */
export interface IDeactivateCouponParams {
  id: string;
}

/** 'DeactivateCoupon' return type */
export type IDeactivateCouponResult = void;

/** 'DeactivateCoupon' query type */
export interface IDeactivateCouponQuery {
  params: IDeactivateCouponParams;
  result: IDeactivateCouponResult;
}

/** 'RedeemCoupon' parameters type */
export interface IRedeemCouponParams {
  id: string;
}

/** 'RedeemCoupon' return type */
export type IRedeemCouponResult = void;

/** 'RedeemCoupon' query type */
export interface IRedeemCouponQuery {
  params: IRedeemCouponParams;
  result: IRedeemCouponResult;
}

/** 'InsertCouponRedemption' parameters type */
export interface IInsertCouponRedemptionParams {
  couponId: string;
  currency: string;
  discount: NumberOrString;
  email: string;
  emailKey: string;
  oncePerEmail: boolean;
  paymentId: string;
}

/** 'InsertCouponRedemption' return type */
export type IInsertCouponRedemptionResult = void;

/** 'InsertCouponRedemption' query type */
export interface IInsertCouponRedemptionQuery {
  params: IInsertCouponRedemptionParams;
  result: IInsertCouponRedemptionResult;
}

/** 'UsedByMailbox' parameters type */
export interface IUsedByMailboxParams {
  couponId: string;
  emailKey: string;
}

/** 'UsedByMailbox' return type */
export interface IUsedByMailboxResult {
  one: number | null;
}

/** 'UsedByMailbox' query type */
export interface IUsedByMailboxQuery {
  params: IUsedByMailboxParams;
  result: IUsedByMailboxResult;
}

/** 'ReleaseCouponRedemption' parameters type */
export interface IReleaseCouponRedemptionParams {
  paymentId: string;
}

/** 'ReleaseCouponRedemption' return type */
export type IReleaseCouponRedemptionResult = void;

/** 'ReleaseCouponRedemption' query type */
export interface IReleaseCouponRedemptionQuery {
  params: IReleaseCouponRedemptionParams;
  result: IReleaseCouponRedemptionResult;
}

/** 'RetakeCouponRedemption' parameters type */
export interface IRetakeCouponRedemptionParams {
  paymentId: string;
}

/** 'RetakeCouponRedemption' return type */
export type IRetakeCouponRedemptionResult = void;

/** 'RetakeCouponRedemption' query type */
export interface IRetakeCouponRedemptionQuery {
  params: IRetakeCouponRedemptionParams;
  result: IRetakeCouponRedemptionResult;
}

/** 'CouponPerformance' parameters type */
export type ICouponPerformanceParams = void;

/** 'CouponPerformance' return type */
export interface ICouponPerformanceResult {
  code: string;
  currency: string;
  discount: string;
  redemptions: number;
  revenue: string;
}

/** 'CouponPerformance' query type */
export interface ICouponPerformanceQuery {
  params: ICouponPerformanceParams;
  result: ICouponPerformanceResult;
}
