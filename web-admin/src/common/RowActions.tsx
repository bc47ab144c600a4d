import DeleteIcon from '@mui/icons-material/Delete';
import EditIcon from '@mui/icons-material/Edit';
import VisibilityIcon from '@mui/icons-material/Visibility';
import { Box, IconButton, Tooltip } from '@mui/material';
import { useState, type MouseEvent } from 'react';
import { Confirm, useCreatePath, useDelete, useRecordContext, useResourceContext, type Identifier } from 'react-admin';
import { Link } from 'react-router-dom';

/** View, Edit and Delete (after the given confirmation) for one row; the row's click is not triggered. */
export function RowActions<Row extends { id: Identifier }>({
  name,
  confirmation,
  onDeleted,
  onDeleteFailed,
}: {
  name: (record: Row) => string;
  confirmation: (record: Row) => string;
  onDeleted: () => void;
  onDeleteFailed: (error: unknown) => void;
}) {
  const record = useRecordContext<Row>();
  const resource = useResourceContext()!;
  const createPath = useCreatePath();
  const [confirming, setConfirming] = useState(false);
  const [remove, { isPending }] = useDelete();
  if (!record) return null;
  const stop = (e: MouseEvent) => e.stopPropagation();
  const label = name(record);
  return (
    <Box sx={{ display: 'flex', flexWrap: 'nowrap' }} onClick={stop}>
      <Tooltip title="View">
        <IconButton size="small" component={Link} to={createPath({ resource, id: record.id, type: 'show' })} aria-label={`View ${label}`}>
          <VisibilityIcon fontSize="small" />
        </IconButton>
      </Tooltip>
      <Tooltip title="Edit">
        <IconButton size="small" component={Link} to={createPath({ resource, id: record.id, type: 'edit' })} aria-label={`Edit ${label}`}>
          <EditIcon fontSize="small" />
        </IconButton>
      </Tooltip>
      <Tooltip title="Delete">
        <IconButton size="small" color="error" onClick={() => setConfirming(true)} aria-label={`Delete ${label}`} disabled={isPending}>
          <DeleteIcon fontSize="small" />
        </IconButton>
      </Tooltip>
      <Confirm
        isOpen={confirming}
        loading={isPending}
        title="Confirm deletion"
        content={confirmation(record)}
        confirm="Delete"
        onClose={() => setConfirming(false)}
        onConfirm={() =>
          remove(
            resource,
            { id: record.id, previousData: record },
            {
              mutationMode: 'pessimistic',
              onSuccess: () => {
                setConfirming(false);
                onDeleted();
              },
              onError: (error) => {
                setConfirming(false);
                onDeleteFailed(error);
              },
            },
          )
        }
      />
    </Box>
  );
}
