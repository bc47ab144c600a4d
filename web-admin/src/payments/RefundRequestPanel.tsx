import { Button, Stack, Typography } from '@mui/material';
import { useState } from 'react';
import { useNotify, useRecordContext, useRefresh } from 'react-admin';
import { errorMessage, useApi, type PaymentDetail } from '../api';
import { formatDateTime } from '../common/format';

const STATUS_TEXT = { pending: 'Pending: within the refund policy, waiting for you', refunded: 'Refunded', declined: 'Declined' } as const;

/** The learner's own refund request: confirm it with Refund (the provider refund stays your action), or decline it. */
export function RefundRequestPanel() {
  const payment = useRecordContext<PaymentDetail>();
  const notify = useNotify();
  const refresh = useRefresh();
  const api = useApi();
  const [busy, setBusy] = useState(false);
  const request = payment?.refundRequest;
  if (!payment || !request) return <Typography variant="body2">None</Typography>;

  const decline = async () => {
    setBusy(true);
    try {
      await api.declineRefundRequest(payment.id);
      notify('Refund request declined', { type: 'success' });
      refresh();
    } catch (error) {
      notify(`Could not decline: ${errorMessage(error)}`, { type: 'error' });
    } finally {
      setBusy(false);
    }
  };

  return (
    <Stack spacing={0.5} data-testid="refund-request">
      <Typography variant="body2">
        <strong>{STATUS_TEXT[request.status]}</strong> · asked {formatDateTime(request.createdAt)}
      </Typography>
      <Typography variant="body2">{request.reason ? `“${request.reason}”` : 'No reason given'}</Typography>
      {request.status === 'pending' && (
        <Stack direction="row" spacing={1}>
          <Typography variant="caption" color="text.secondary" sx={{ alignSelf: 'center' }}>
            Use Refund above to confirm it.
          </Typography>
          <Button size="small" onClick={() => void decline()} disabled={busy}>
            Decline Request
          </Button>
        </Stack>
      )}
    </Stack>
  );
}
