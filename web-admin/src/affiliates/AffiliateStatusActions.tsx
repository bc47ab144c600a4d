import { useState } from 'react';
import { Button, Confirm, ListButton, TopToolbar, useNotify, useRecordContext, useUpdate } from 'react-admin';
import { errorMessage } from '../api';
import type { AffiliateRecord, AffiliateStatus } from '../api/types';
import { STATUS_ACTIONS } from './choices';

type StatusAction = (typeof STATUS_ACTIONS)[number];

/** Approve, Reject, Suspend or Reinstate, as the affiliate's status allows: PUT with the new status only. */
export function AffiliateStatusActions() {
  const record = useRecordContext<AffiliateRecord>();
  const notify = useNotify();
  const [update, { isPending }] = useUpdate<AffiliateRecord>();
  const [confirming, setConfirming] = useState<StatusAction | null>(null);

  const change = (action: StatusAction) => {
    if (!record) return;
    setConfirming(null);
    const data: { status: AffiliateStatus } = { status: action.to };
    update(
      'affiliates',
      { id: record.id, data, previousData: record },
      {
        mutationMode: 'pessimistic',
        onSuccess: () => notify(`${record.name} was ${action.done}`, { type: 'success' }),
        onError: (error) => notify(`Failed to change the status: ${errorMessage(error)}`, { type: 'error' }),
      },
    );
  };

  return (
    <TopToolbar>
      <ListButton />
      {record &&
        STATUS_ACTIONS.filter((action) => action.from === record.status).map((action) => (
          <Button
            key={action.label}
            label={action.label}
            color={action.confirm ? 'error' : 'primary'}
            disabled={isPending}
            onClick={() => (action.confirm ? setConfirming(action) : change(action))}
          />
        ))}
      {record && confirming?.confirm && (
        <Confirm
          isOpen
          title={`${confirming.label} ${record.name}`}
          content={confirming.confirm(record.name)}
          confirm={confirming.label}
          onClose={() => setConfirming(null)}
          onConfirm={() => change(confirming)}
        />
      )}
    </TopToolbar>
  );
}
