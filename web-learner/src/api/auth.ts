import { apiRequest } from './client';
import type { CreateAccountAnswer, MessageAnswer, SessionAnswer, User } from './types';

export const login = (body: { email: string; password: string; rememberMe: boolean }) =>
  apiRequest<SessionAnswer>('/api/auth/login', { method: 'POST', body });

export const logout = () => apiRequest<{ success: boolean }>('/api/auth/logout', { method: 'POST', body: {} });

export const fetchMe = () => apiRequest<{ user: User }>('/api/auth/me').then((r) => r.user);

export const forgotPassword = (email: string) =>
  apiRequest<MessageAnswer>('/api/auth/forgot-password', { method: 'POST', body: { email } });

export const resetPassword = (token: string, password: string) =>
  apiRequest<MessageAnswer>('/api/auth/reset-password', { method: 'POST', body: { token, password } });

export const createAccount = (body: { email: string; password: string; paymentId: string }) =>
  apiRequest<CreateAccountAnswer>('/api/auth/create-account', { method: 'POST', body });
