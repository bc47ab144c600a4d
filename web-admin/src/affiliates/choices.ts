import type { AffiliateStatus, CommissionType } from '../api/types';

export const STATUS_CHOICES: Array<{ id: AffiliateStatus; name: string }> = [
  { id: 'pending', name: 'Pending' },
  { id: 'approved', name: 'Approved' },
  { id: 'rejected', name: 'Rejected' },
  { id: 'suspended', name: 'Suspended' },
];

export const STATUS_COLORS = { pending: 'warning', approved: 'success', rejected: 'default', suspended: 'error' } as const;

/** How one affiliate's own commission is reckoned (Settings keeps its own list for the programme's: features do not import each other). */
export const COMMISSION_TYPE_CHOICES: Array<{ id: CommissionType; name: string }> = [
  { id: 'percent', name: 'Percentage of the sale' },
  { id: 'fixed', name: 'Fixed amount per sale' },
];

/** The commission override of one affiliate; "none" (stored as null) leaves them on the programme's commission. */
export const COMMISSION_OVERRIDE_CHOICES = [{ id: 'none', name: 'Programme default (Settings > Affiliates)' }, ...COMMISSION_TYPE_CHOICES];

export const PAYOUT_METHOD_NAMES: Record<string, string> = { paypal: 'PayPal', bank: 'Bank transfer', crypto: 'Crypto wallet' };

export const payoutMethodName = (method: string) => PAYOUT_METHOD_NAMES[method] ?? method;

/**
 * The status changes the server allows, as the buttons that ask for them:
 * pending → approved or rejected, approved → suspended, suspended → approved.
 */
export const STATUS_ACTIONS: Array<{ label: string; from: AffiliateStatus; to: AffiliateStatus; done: string; confirm?: (name: string) => string }> = [
  { label: 'Approve', from: 'pending', to: 'approved', done: 'approved' },
  { label: 'Reject', from: 'pending', to: 'rejected', done: 'rejected', confirm: (name) => `Reject the application of ${name}?` },
  {
    label: 'Suspend',
    from: 'approved',
    to: 'suspended',
    done: 'suspended',
    confirm: (name) => `Suspend ${name}? Only approved affiliates' referral links are counted, until you reinstate them.`,
  },
  { label: 'Reinstate', from: 'suspended', to: 'approved', done: 'reinstated' },
];
