import ReceiptIcon from '@mui/icons-material/ReceiptLong';
import { Button } from '@mui/material';
import { useRecordContext } from 'react-admin';
import { useApi } from '../api';
import type { PaymentDetail } from '../api/types';
import { useConsoleAction } from '../common/useConsoleAction';

/** "Download invoice" once the payment has one (paid, or refunded since), "Download credit note" once refunded: the PDFs its buyer gets. */
export function DocumentButtons() {
  const payment = useRecordContext<PaymentDetail>();
  const api = useApi();
  const invoice = useConsoleAction((p: PaymentDetail) => api.downloadInvoice(p.id, `invoice-${p.invoiceNumber}.pdf`), {
    success: (_, p) => `Invoice ${p.invoiceNumber} downloaded`,
    failure: 'Could not download the invoice',
    refresh: false,
  });
  const creditNote = useConsoleAction((p: PaymentDetail) => api.downloadCreditNote(p.id, `credit-note-${p.creditNoteNumber}.pdf`), {
    success: (_, p) => `Credit note ${p.creditNoteNumber} downloaded`,
    failure: 'Could not download the credit note',
    refresh: false,
  });
  if (!payment) return null;
  const paid = payment.state === 'PAID' || payment.state === 'REFUNDED';
  return (
    <>
      {paid && payment.invoiceNumber && (
        <Button startIcon={<ReceiptIcon />} onClick={() => invoice.mutate(payment)} disabled={invoice.isPending}>
          Download invoice
        </Button>
      )}
      {payment.state === 'REFUNDED' && payment.creditNoteNumber && (
        <Button startIcon={<ReceiptIcon />} onClick={() => creditNote.mutate(payment)} disabled={creditNote.isPending}>
          Download credit note
        </Button>
      )}
    </>
  );
}
