import { api, apiFile } from './client';

export const fetchAccount = () => api('get', '/api/account');

export const renameProfile = (name: string) => api('put', '/api/account/profile', { body: { name } });

/** The account's language: its mails, receipts and certificates, and the interface once signed in. */
export const setAccountLanguage = (language: 'en' | 'es' | 'fr' | 'de') => api('put', '/api/account/language', { body: { language } });

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

/** The invoice (receipt) PDF as a file; `failure` is said when it cannot be had (in the reader's language). */
export const fetchReceipt = (paymentId: string, failure: string) =>
  apiFile('/api/account/purchases/{paymentId}/receipt', { paymentId }, { failure, fallbackName: 'receipt.pdf' });

/** The credit note PDF of a refunded purchase as a file; `failure` is said when it cannot be had (in the reader's language). */
export const fetchCreditNote = (paymentId: string, failure: string) =>
  apiFile('/api/account/purchases/{paymentId}/credit-note', { paymentId }, { failure, fallbackName: 'credit-note.pdf' });
