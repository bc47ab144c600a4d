import { Alert, Button, Dialog, DialogActions, DialogContent, DialogContentText, DialogTitle, List, ListItem, TextField } from '@mui/material';
import { useState } from 'react';
import { HttpError, useNotify, useRefresh, type RaRecord } from 'react-admin';
import { errorMessage, useApi, type RefundEligibility } from '../api';
import { plural } from '../common/plural';

/** Refund with a reason, after showing the refund policy's verdict; the server revokes the access the payment bought. */
export function RefundDialog({ payment, open, onClose }: { payment: RaRecord; open: boolean; onClose: () => void }) {
  const api = useApi();
  const notify = useNotify();
  const refresh = useRefresh();
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const eligibility = payment.refundEligibility as RefundEligibility | undefined;

  const submit = async () => {
    setBusy(true);
    setError(null);
    try {
      await api.refundPayment(String(payment.id), reason.trim());
      notify('Payment refunded; the access it bought is revoked', { type: 'success' });
      refresh();
      onClose();
    } catch (e) {
      setError((e instanceof HttpError ? e.body?.errors?.reason : undefined) ?? errorMessage(e));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Dialog open={open} onClose={busy ? undefined : onClose} aria-labelledby="refund-title" fullWidth maxWidth="sm">
      <DialogTitle id="refund-title">Refund payment</DialogTitle>
      <DialogContent>
        <DialogContentText sx={{ mb: 2 }}>
          Refund {payment.amount} {payment.currency} to {payment.email}? The learner loses the access this payment bought.
        </DialogContentText>
        {eligibility &&
          (eligibility.eligible ? (
            <Alert severity="success" sx={{ mb: 2 }}>
              Eligible under the refund policy
              {eligibility.daysSincePayment !== null
                ? ` (paid ${plural(eligibility.daysSincePayment, 'day')} ago, ${eligibility.percentAccessed}% of lessons accessed)`
                : ''}
              .
            </Alert>
          ) : (
            <Alert severity="warning" sx={{ mb: 2 }}>
              Not eligible under the refund policy:
              <List dense disablePadding>
                {eligibility.reasons.map((r) => (
                  <ListItem key={r} disableGutters>
                    {r}
                  </ListItem>
                ))}
              </List>
            </Alert>
          ))}
        <TextField
          label="Reason"
          value={reason}
          onChange={(e) => setReason(e.target.value)}
          required
          fullWidth
          multiline
          minRows={2}
          error={!!error}
          helperText={error ?? 'Shown in the payment history and the audit log'}
          slotProps={{ htmlInput: { maxLength: 500 } }}
        />
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={busy}>
          Cancel
        </Button>
        <Button color="error" variant="contained" onClick={submit} disabled={busy || reason.trim().length < 3}>
          Refund
        </Button>
      </DialogActions>
    </Dialog>
  );
}
