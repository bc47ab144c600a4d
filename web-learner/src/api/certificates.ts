import { api, apiFile } from './client';
import type { Schemas } from '../../../backend/openapi';

export type MyCertificate = Schemas['MyCertificate'];
export type CertificateVerification = Schemas['CertificateVerification'];

export const fetchMyCertificates = (): Promise<MyCertificate[]> => api('get', '/api/certificates').then((r) => r.certificates);

export const fetchCertificateVerification = (id: string): Promise<CertificateVerification> => api('get', '/api/public/certificates/{id}', { path: { id } });

/** A certificate's PDF as a file (a plain link could not carry the session token); `failure` is said when it cannot be had. */
export const fetchCertificatePdf = (id: string, failure: string) => apiFile('/api/certificates/{id}/pdf', { id }, { failure, fallbackName: 'certificate.pdf' });
