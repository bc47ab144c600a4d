import AddIcon from '@mui/icons-material/Add';
import { Box, Button, Paper, Typography } from '@mui/material';
import { useState } from 'react';
import { Confirm, useGetList } from 'react-admin';
import { type ApiKeyRecord, type NewApiKey } from '../api';
import { formatDateTime } from '../common/format';
import { type TableColumn } from '../common/ResponsiveTable';
import { PagedRecords, PER_PAGE } from './PagedRecords';
import { ApiKeyStatusChip } from './ApiKeyStatusChip';
import { CreateApiKeyDialog } from './CreateApiKeyDialog';
import { scopesSummary } from './examples';
import { NewApiKeyDialog } from './NewApiKeyDialog';
import { useApiKeyResources, useRevokeApiKey } from './useApiKeyActions';

const HEADING_ID = 'api-keys-heading';

/**
 * The API keys, newest first, with their access and use; create one (its
 * full text is shown once, with examples) or revoke one after a confirmation.
 */
export function ApiKeysSection() {
  const [page, setPage] = useState(0);
  const [creating, setCreating] = useState(false);
  const [created, setCreated] = useState<NewApiKey | null>(null);
  const [revoking, setRevoking] = useState<ApiKeyRecord | null>(null);
  const catalogue = useApiKeyResources().data ?? [];
  const revoke = useRevokeApiKey();
  const {
    data = [],
    total = 0,
    isPending,
    error,
  } = useGetList<ApiKeyRecord>('api-keys', { pagination: { page: page + 1, perPage: PER_PAGE }, sort: { field: 'createdAt', order: 'DESC' } });

  const columns: TableColumn<ApiKeyRecord>[] = [
    { label: 'Name', render: (key) => key.name },
    {
      label: 'Prefix',
      render: (key) => (
        <Box component="code" sx={{ fontFamily: 'monospace', overflowWrap: 'anywhere' }}>
          {key.prefix}
        </Box>
      ),
    },
    { label: 'Access', render: (key) => scopesSummary(key.scopes, catalogue) },
    { label: 'Status', render: (key) => <ApiKeyStatusChip status={key.status} /> },
    { label: 'Expires', render: (key) => (key.expiresAt ? formatDateTime(key.expiresAt) : 'Never') },
    { label: 'Last used', render: (key) => (key.lastUsedAt ? formatDateTime(key.lastUsedAt) : 'Never') },
    {
      label: 'Created by',
      render: (key) => (
        <>
          {key.createdBy.email}
          <Typography variant="caption" color="text.secondary" sx={{ display: 'block' }}>
            {formatDateTime(key.createdAt)}
          </Typography>
        </>
      ),
    },
    {
      label: 'Actions',
      render: (key) =>
        key.status === 'revoked' ? null : (
          <Button size="small" color="warning" onClick={() => setRevoking(key)} aria-label={`Revoke the API key ${key.name}`}>
            Revoke
          </Button>
        ),
    },
  ];

  return (
    <Paper variant="outlined" sx={{ p: 2 }} component="section" aria-labelledby={HEADING_ID}>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, justifyContent: 'space-between', alignItems: 'center', mb: 1 }}>
        <Typography id={HEADING_ID} component="h2" variant="h6">
          API keys
        </Typography>
        <Button variant="contained" size="small" startIcon={<AddIcon />} onClick={() => setCreating(true)}>
          Create API key
        </Button>
      </Box>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
        Scripts and other tools call the admin API with a key, sent as <code>Authorization: Bearer cpk_…</code>. A key acts for the admin who created it, only
        on the resources it was given, and every change made with it is in the audit log.
      </Typography>
      <PagedRecords
        noun="API keys"
        error={error}
        isPending={isPending}
        rows={data}
        total={total}
        page={page}
        onPageChange={setPage}
        columns={columns}
        rowKey={(key) => key.id}
        labelledBy={HEADING_ID}
      />
      {creating && (
        <CreateApiKeyDialog
          onClose={() => setCreating(false)}
          onCreated={(key) => {
            setCreating(false);
            setCreated(key);
          }}
        />
      )}
      {created && <NewApiKeyDialog apiKey={created} catalogue={catalogue} onClose={() => setCreated(null)} />}
      <Confirm
        isOpen={revoking !== null}
        loading={revoke.isPending}
        title="Revoke API key"
        content={
          revoking ? `Revoke "${revoking.name}" (${revoking.prefix})? Anything using it is refused at once; a revoked key cannot be turned back on.` : ''
        }
        confirm="Revoke"
        onClose={() => setRevoking(null)}
        onConfirm={() => revoking && revoke.mutate(revoking, { onSettled: () => setRevoking(null) })}
      />
    </Paper>
  );
}
