import ReplayIcon from '@mui/icons-material/Sync';
import UndoIcon from '@mui/icons-material/Undo';
import { Button } from '@mui/material';
import { useState } from 'react';
import { ListButton, TopToolbar, useNotify, useRecordContext, useRefresh } from 'react-admin';
import { errorMessage, useApi } from '../api';
import { RefundDialog } from './RefundDialog';

/** Refund (paid payments only) and Reconcile (ask the provider and apply its view). */
export function PaymentActions() {
  const payment = useRecordContext();
  const api = useApi();
  const notify = useNotify();
  const refresh = useRefresh();
  const [refunding, setRefunding] = useState(false);
  const [reconciling, setReconciling] = useState(false);

  const reconcile = async () => {
    if (!payment) return;
    setReconciling(true);
    try {
      const result = await api.reconcilePayment(String(payment.id));
      notify(`Reconciled: the payment is ${String(result.state ?? payment.state)}`, { type: 'success' });
      refresh();
    } catch (error) {
      notify(`Reconcile failed: ${errorMessage(error)}`, { type: 'error' });
    } finally {
      setReconciling(false);
    }
  };

  return (
    <TopToolbar>
      <ListButton />
      <Button startIcon={<ReplayIcon />} onClick={reconcile} disabled={!payment || reconciling}>
        Reconcile
      </Button>
      <Button color="error" startIcon={<UndoIcon />} onClick={() => setRefunding(true)} disabled={payment?.state !== 'PAID'}>
        Refund
      </Button>
      {payment && refunding && <RefundDialog payment={payment} open onClose={() => setRefunding(false)} />}
    </TopToolbar>
  );
}
