import { Button, Link } from '@mui/material';
import { DataTable, DateField, List, SearchInput, useRecordContext } from 'react-admin';
import { api } from '../api';
import type { CertificateRecord } from '../api/types';
import { useConsoleAction } from '../common/useConsoleAction';
import { WIDE_TABLE } from '../common/layout';

const filters = [<SearchInput key="q" source="q" placeholder="Learner, course or certificate id" alwaysOn />];

/** Revokes a certificate (its public page then says revoked), or re-issues it with the learner's current name. */
function CertificateActions() {
  const record = useRecordContext<CertificateRecord>();
  const action = useConsoleAction(
    ({ id, action }: { id: string; action: 'revoke' | 'reissue' }) =>
      action === 'revoke'
        ? api('post', '/api/admin/certificates/{id}/revoke', { path: { id }, body: {} })
        : api('post', '/api/admin/certificates/{id}/reissue', { path: { id } }),
    {
      success: (_, { action }) => (action === 'revoke' ? 'Certificate revoked' : 'Certificate re-issued'),
      failure: ({ action }) => `Could not ${action === 'revoke' ? 'revoke' : 're-issue'} the certificate`,
    },
  );
  if (!record) return null;
  const pending = action.isPending;
  const act = (kind: 'revoke' | 'reissue') => action.mutate({ id: String(record.id), action: kind });
  return (
    <>
      <Button size="small" disabled={pending} onClick={() => act('reissue')} aria-label={`Re-issue the certificate of ${String(record.learnerName)}`}>
        Re-issue
      </Button>
      {!record.revokedAt && (
        <Button
          size="small"
          color="warning"
          disabled={pending}
          onClick={() => act('revoke')}
          aria-label={`Revoke the certificate of ${String(record.learnerName)} for ${String(record.courseTitle)}`}
        >
          Revoke
        </Button>
      )}
    </>
  );
}

/** Certificates of completion: who completed what, valid or revoked, with the public verification page. */
export function CertificateList() {
  return (
    <List filters={filters} sort={{ field: 'issuedAt', order: 'DESC' }} perPage={25} title="Certificates" exporter={false} sx={WIDE_TABLE}>
      <DataTable bulkActionButtons={false} rowClick={false}>
        <DataTable.Col source="learnerName" label="Learner" disableSort />
        <DataTable.Col source="courseTitle" label="Course" disableSort />
        <DataTable.Col source="completedAt" label="Completed" field={DateField} disableSort />
        <DataTable.Col source="issuedAt" label="Issued" field={DateField} />
        <DataTable.Col
          label="Status"
          disableSort
          render={(r) => (r.revokedAt ? `Revoked${r.revokedReason ? ` (${String(r.revokedReason)})` : ''}` : 'Valid')}
        />
        <DataTable.Col
          label="Public page"
          disableSort
          render={(r) => (
            <Link href={`/certificates/${String(r.id)}`} target="_blank" rel="noreferrer">
              {String(r.id)}
            </Link>
          )}
        />
        <DataTable.Col label="Actions" disableSort>
          <CertificateActions />
        </DataTable.Col>
      </DataTable>
    </List>
  );
}
