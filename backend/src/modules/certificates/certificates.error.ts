import { HttpStatus } from '@nestjs/common';
import { DomainError } from '../../common/errors/domain-error';
import { registerErrorStatuses } from '../../common/errors/error-status';

export enum CertificatesErrorCode {
  NotFound = 'CERTIFICATE_NOT_FOUND',
}

export const CERTIFICATES_ERROR_STATUS = registerErrorStatuses<CertificatesErrorCode>({
  [CertificatesErrorCode.NotFound]: HttpStatus.NOT_FOUND,
});

export class CertificatesError extends DomainError<CertificatesErrorCode> {
  static notFound(): CertificatesError {
    return new CertificatesError(CertificatesErrorCode.NotFound, 'Certificate not found');
  }
}
