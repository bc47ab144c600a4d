import { useMutation } from '@tanstack/react-query';
import { sendSupportMessage } from '../../../api/account';

/** The contact form: the message reaches the admin by email and in the console. */
export function useSendSupportMessage() {
  return useMutation({ mutationFn: ({ subject, message }: { subject: string; message: string }) => sendSupportMessage(subject, message) });
}
