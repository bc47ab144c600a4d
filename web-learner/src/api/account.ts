import { getToken } from '../auth/session';
import { api, ApiError } from './client';

export const fetchAccount = () => api('get', '/api/account');

export const renameProfile = (name: string) => api('put', '/api/account/profile', { body: { name } });

export const requestEmailChange = (newEmail: string, currentPassword: string) =>
  api('post', '/api/account/email-change', { body: { newEmail, currentPassword } });

export const confirmEmailChange = (token: string) => api('post', '/api/account/email-change/confirm', { body: { token } });

export const changePassword = (currentPassword: string, newPassword: string) =>
  api('post', '/api/auth/change-password', { body: { currentPassword, newPassword } });

export const logoutEverywhere = () => api('post', '/api/auth/logout-everywhere');

export const deleteAccount = (currentPassword: string, confirm: string) => api('post', '/api/account/delete', { body: { currentPassword, confirm } });

export const requestRefund = (paymentId: string, reason: string) =>
  api('post', '/api/account/purchases/{paymentId}/refund-request', { path: { paymentId }, body: { reason } });

export const sendSupportMessage = (subject: string, message: string) => api('post', '/api/support/messages', { body: { subject, message } });

/** The receipt PDF as a file (a plain link could not carry the session token). */
export async function fetchReceipt(paymentId: string): Promise<{ blob: Blob; filename: string }> {
  const response = await fetch(`/api/account/purchases/${encodeURIComponent(paymentId)}/receipt`, { headers: { Authorization: `Bearer ${getToken() ?? ''}` } });
  if (!response.ok) throw new ApiError(response.status, 'The receipt could not be downloaded. Please try again.');
  const filename = /filename="([^"]+)"/.exec(response.headers.get('content-disposition') ?? '')?.[1] ?? 'receipt.pdf';
  return { blob: await response.blob(), filename };
}
