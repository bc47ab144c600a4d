import type { PayoutMethod } from '../../../api/types';

/** The ways an affiliate can be paid, in the order the select offers them (labels: affiliateProgramme.methods.*). */
export const PAYOUT_METHODS: readonly PayoutMethod[] = ['paypal', 'bank', 'crypto'];
