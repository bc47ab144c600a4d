import { api } from './client';
import type { AffiliateApplication, PayoutDetails } from './types';

/** The learner's affiliate record; `affiliate` is null when they have not applied. */
export const fetchMyAffiliate = () => api('get', '/api/affiliates/me');

/** 409 when the learner has applied already. */
export const applyAsAffiliate = (body: AffiliateApplication) => api('post', '/api/affiliates/apply', { body });

export const updateAffiliatePayout = (body: PayoutDetails) => api('put', '/api/affiliates/me', { body });

export const fetchAffiliateDashboard = (days: number) => api('get', '/api/affiliates/me/dashboard', { query: { days } });
