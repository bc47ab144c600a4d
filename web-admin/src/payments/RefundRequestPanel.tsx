import { Button, Dialog, DialogActions, DialogContent, DialogContentText, DialogTitle, Stack, TextField, Typography } from '@mui/material';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { useNotify, useRecordContext, useRefresh } from 'react-admin';
import { errorMessage, fieldErrors, useApi, type PaymentDetail } from '../api';
import { formatDateTime } from '../common/format';

const STATUS_TEXT = { pending: 'Pending: within the refund policy, waiting for you', refunded: 'Refunded', declined: 'Declined' } as const;

/** Declining asks for the reason the buyer is emailed (and sees on the account page). */
function DeclineDialog({ payment, open, onClose }: { payment: PaymentDetail; open: boolean; onClose: () => void }) {
  const api = useApi();
  const notify = useNotify();
  const refresh = useRefresh();
  const [reason, setReason] = useState('');
  // Its failure stays in the dialog, on the reason field, so the admin can correct it there.
  const decline = useMutation({
    mutationFn: (text: string) => api.declineRefundRequest(payment.id, text),
    onSuccess: () => {
      notify('Refund request declined; the buyer is emailed your reason', { type: 'success' });
      refresh();
      onClose();
    },
  });
  const busy = decline.isPending;
  const error = decline.error ? (fieldErrors(decline.error)?.reason ?? `Could not decline: ${errorMessage(decline.error)}`) : null;

  return (
    <Dialog open={open} onClose={busy ? undefined : onClose} aria-labelledby="decline-title" fullWidth maxWidth="sm">
      <DialogTitle id="decline-title">Decline refund request</DialogTitle>
      <DialogContent>
        <DialogContentText sx={{ mb: 2 }}>
          {payment.email} keeps the access this payment bought. Tell them why the refund is declined: they are emailed your reason.
        </DialogContentText>
        <TextField
          label="Reason for the buyer"
          value={reason}
          onChange={(e) => setReason(e.target.value)}
          required
          fullWidth
          multiline
          minRows={2}
          error={!!error}
          helperText={error ?? 'Emailed to the buyer and shown on their account page'}
          slotProps={{ htmlInput: { maxLength: 500 } }}
        />
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={busy}>
          Cancel
        </Button>
        <Button variant="contained" onClick={() => decline.mutate(reason.trim())} disabled={busy || reason.trim().length < 3}>
          Decline Request
        </Button>
      </DialogActions>
    </Dialog>
  );
}

/** The learner's own refund request: confirm it with Refund (the provider refund stays your action), or decline it with a reason. */
export function RefundRequestPanel() {
  const payment = useRecordContext<PaymentDetail>();
  const [declining, setDeclining] = useState(false);
  const request = payment?.refundRequest;
  if (!payment || !request) return <Typography variant="body2">None</Typography>;

  return (
    <Stack spacing={0.5} data-testid="refund-request">
      <Typography variant="body2">
        <strong>{STATUS_TEXT[request.status]}</strong> · asked {formatDateTime(request.createdAt)}
      </Typography>
      <Typography variant="body2">{request.reason ? `“${request.reason}”` : 'No reason given'}</Typography>
      {request.status === 'declined' && request.decisionReason && <Typography variant="body2">Your reason: “{request.decisionReason}”</Typography>}
      {request.status === 'pending' && (
        <Stack direction="row" spacing={1}>
          <Typography variant="caption" color="text.secondary" sx={{ alignSelf: 'center' }}>
            Use Refund above to confirm it.
          </Typography>
          <Button size="small" onClick={() => setDeclining(true)}>
            Decline Request
          </Button>
        </Stack>
      )}
      {declining && <DeclineDialog payment={payment} open onClose={() => setDeclining(false)} />}
    </Stack>
  );
}
