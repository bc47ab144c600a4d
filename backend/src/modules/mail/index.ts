export { AdminNotices } from './admin-notices.service';
export { MailBrandService } from './mail-brand.service';
export { MailDeliveryStatus } from './dto/mail-log.dto';
export { MailHealth, type MailDelivery } from './mail-health.service';
export { MailLogRepository } from './mail-log.repository';
export { MailModule } from './mail.module';
export { MailService, type OutgoingMail } from './mail.service';
export {
  affiliatePayoutMail,
  alreadyOwnedMail,
  answerMail,
  certificateMail,
  checkoutReminderMail,
  claimReminderMail,
  commissionApprovedMail,
  emailChangeMail,
  emailChangedNoticeMail,
  invitationMail,
  lessonDigestMail,
  passwordResetMail,
  receiptMail,
  receiptRows,
  refundDeclinedMail,
  refundProcessedMail,
  REFUND_POLICY_SUMMARY,
  supportMessageMail,
  underpaidMail,
  welcomeMail,
  type CreditNoteRef,
  type MailBrand,
  type OpenedLesson,
  type ReceiptFacts,
  type UnderpaidFacts,
} from './templates';
