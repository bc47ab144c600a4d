import { getToken } from '../auth/session';
import { api, ApiError } from './client';
import type { Schemas } from '../../../backend/openapi';

export type MyCertificate = Schemas['MyCertificate'];
export type CertificateVerification = Schemas['CertificateVerification'];

export const fetchMyCertificates = (): Promise<MyCertificate[]> => api('get', '/api/certificates').then((r) => r.certificates);

export const fetchCertificateVerification = (id: string): Promise<CertificateVerification> => api('get', '/api/public/certificates/{id}', { path: { id } });

/** A certificate's PDF as a file (a plain link could not carry the session token); `failure` is said when it cannot be had. */
export async function fetchCertificatePdf(id: string, failure: string): Promise<{ blob: Blob; filename: string }> {
  const response = await fetch(`/api/certificates/${encodeURIComponent(id)}/pdf`, { headers: { Authorization: `Bearer ${getToken() ?? ''}` } });
  if (!response.ok) throw new ApiError(response.status, failure);
  const filename = /filename="([^"]+)"/.exec(response.headers.get('content-disposition') ?? '')?.[1] ?? 'certificate.pdf';
  return { blob: await response.blob(), filename };
}
