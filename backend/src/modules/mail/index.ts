export { AdminNotices } from './admin-notices.service';
export { MailBrandService } from './mail-brand.service';
export { MailLogRepository } from './mail-log.repository';
export { MailModule } from './mail.module';
export { MailService, type OutgoingMail } from './mail.service';
export {
  answerMail,
  certificateMail,
  claimReminderMail,
  emailChangeMail,
  invitationMail,
  lessonDigestMail,
  passwordResetMail,
  receiptMail,
  receiptRows,
  refundProcessedMail,
  REFUND_POLICY_SUMMARY,
  supportMessageMail,
  underpaidMail,
  welcomeMail,
  type MailBrand,
  type OpenedLesson,
  type ReceiptFacts,
} from './templates';
