import { Button, Link } from '@mui/material';
import { DataTable, DateField, List, SearchInput, useNotify, useRecordContext, useRefresh } from 'react-admin';
import { api, errorMessage } from '../api';
import { WIDE_TABLE } from '../common/layout';
import { useState } from 'react';

const filters = [<SearchInput key="q" source="q" placeholder="Learner, course or certificate id" alwaysOn />];

/** Revokes a certificate (its public page then says revoked), or re-issues it with the learner's current name. */
function CertificateActions() {
  const record = useRecordContext();
  const notify = useNotify();
  const refresh = useRefresh();
  const [pending, setPending] = useState(false);
  if (!record) return null;
  const act = async (action: 'revoke' | 'reissue') => {
    setPending(true);
    try {
      const path = { id: String(record.id) };
      if (action === 'revoke') await api('post', '/api/admin/certificates/{id}/revoke', { path, body: {} });
      else await api('post', '/api/admin/certificates/{id}/reissue', { path });
      notify(action === 'revoke' ? 'Certificate revoked' : 'Certificate re-issued', { type: 'success' });
      refresh();
    } catch (error) {
      notify(`Could not ${action === 'revoke' ? 'revoke' : 're-issue'} the certificate: ${errorMessage(error)}`, { type: 'error' });
    } finally {
      setPending(false);
    }
  };
  return (
    <>
      <Button size="small" disabled={pending} onClick={() => void act('reissue')} aria-label={`Re-issue the certificate of ${String(record.learnerName)}`}>
        Re-issue
      </Button>
      {!record.revokedAt && (
        <Button
          size="small"
          color="warning"
          disabled={pending}
          onClick={() => void act('revoke')}
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
