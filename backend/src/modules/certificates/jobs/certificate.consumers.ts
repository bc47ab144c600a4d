import { Injectable } from '@nestjs/common';
import type { EventEnvelope } from '../../../events/event-catalogue';
import { Consumes } from '../../../events/event-consumers';
import type { Consumed } from '../../../events/processed-events.service';
import { CertificatesService } from '../certificates.service';
import { ISSUE_CERTIFICATE, REVOKE_CERTIFICATES_ON_REFUND, SEND_CERTIFICATE_MAIL } from './consumers';

/** The certificates' event consumers: issue on completion, mail on issue, revoke on a refund that ends access. */
@Injectable()
export class CertificateConsumers {
  constructor(private readonly certificates: CertificatesService) {}

  @Consumes(ISSUE_CERTIFICATE)
  issue(event: EventEnvelope<'course.completed'>): Promise<{ issued: boolean }> {
    return this.certificates.issueOnCompletion(event);
  }

  @Consumes(SEND_CERTIFICATE_MAIL)
  mail(event: EventEnvelope<'certificate.issued'>): Promise<Consumed<{ sent: boolean }>> {
    return this.certificates.mailCertificate(event);
  }

  @Consumes(REVOKE_CERTIFICATES_ON_REFUND)
  revoke(event: EventEnvelope<'payment.refunded'>): Promise<{ revoked: number }> {
    return this.certificates.revokeOnRefund(event);
  }
}
