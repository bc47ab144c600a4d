import { api } from './client';
import type { ClaimProof } from './types';

export const login = (body: { email: string; password: string; rememberMe: boolean }) => api('post', '/api/auth/login', { body });

export const logout = () => api('post', '/api/auth/logout');

export const fetchMe = () => api('get', '/api/auth/me').then((r) => r.user);

export const forgotPassword = (email: string) => api('post', '/api/auth/forgot-password', { body: { email } });

/** Whether a reset link still works; answered 400 with the reason when it was used or has expired. */
export const checkResetLink = (token: string) => api('post', '/api/auth/reset-password/check', { body: { token } });

export const resetPassword = (token: string, password: string) => api('post', '/api/auth/reset-password', { body: { token, password } });

export const createAccount = (body: { email: string; name: string; password: string; paymentId: string } & ClaimProof) =>
  api('post', '/api/auth/create-account', { body });
