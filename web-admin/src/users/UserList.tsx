import { Chip } from '@mui/material';
import { BulkDeleteButton, BulkUpdateButton, CreateButton, DataTable, List, SearchInput, SelectInput, TopToolbar } from 'react-admin';
import { ScalePagination } from '../common/ScalePagination';
import { ServerExportButton } from '../common/ServerExportButton';
import { formatDate } from '../common/format';
import { RowActions } from '../common/RowActions';
import { ROLE_CHOICES, STATUS_CHOICES, STATUS_COLORS } from './choices';
import { deleteUserConfirmation, useUserMutationMessages } from './userMessages';
import { UserStats } from './UserStats';
import { WIDE_TABLE } from '../common/layout';

const filters = [
  <SearchInput key="q" source="q" alwaysOn placeholder="Search name or email" />,
  <SelectInput key="role" source="role" label="Role" choices={ROLE_CHOICES} emptyText="All roles" alwaysOn />,
  <SelectInput key="status" source="status" label="Status" choices={STATUS_CHOICES} emptyText="All statuses" alwaysOn />,
];

function ListActions() {
  return (
    <TopToolbar>
      <CreateButton label="Add User" />
      <ServerExportButton resource="users" />
    </TopToolbar>
  );
}

function BulkActions() {
  const messages = useUserMutationMessages();
  return (
    <>
      {STATUS_CHOICES.map((s) => (
        <BulkUpdateButton
          key={s.id}
          label={`Set ${s.name}`}
          data={{ status: s.id }}
          mutationMode="pessimistic"
          confirmTitle={`Set status to ${s.name}`}
          confirmContent={`Are you sure you want to set the selected users to ${s.name}?`}
          mutationOptions={{ onSuccess: messages.bulkUpdated(s.id), onError: messages.bulkFailed }}
        />
      ))}
      <BulkDeleteButton
        mutationMode="pessimistic"
        confirmContent="Are you sure you want to delete the selected users?"
        mutationOptions={{ onSuccess: messages.bulkDeleted, onError: messages.deleteFailed }}
      />
    </>
  );
}

function UserRowActions() {
  const messages = useUserMutationMessages();
  return (
    <RowActions name={(r) => r.name ?? r.email} confirmation={deleteUserConfirmation} onDeleted={messages.deleted} onDeleteFailed={messages.deleteFailed} />
  );
}

export function UserList() {
  return (
    <List
      filters={filters}
      actions={<ListActions />}
      sort={{ field: 'createdAt', order: 'DESC' }}
      perPage={25}
      pagination={<ScalePagination />}
      title="Users"
      sx={WIDE_TABLE}
    >
      <UserStats />
      <DataTable bulkActionButtons={<BulkActions />} rowClick="show">
        <DataTable.Col source="name" />
        <DataTable.Col source="email" />
        <DataTable.Col source="role" render={(r) => ROLE_CHOICES.find((c) => c.id === r.role)?.name ?? r.role} />
        <DataTable.Col
          source="status"
          render={(r) => (
            <Chip
              size="small"
              variant="outlined"
              label={STATUS_CHOICES.find((c) => c.id === r.status)?.name ?? r.status}
              color={STATUS_COLORS[r.status as keyof typeof STATUS_COLORS] ?? 'default'}
            />
          )}
        />
        <DataTable.Col source="plan" />
        <DataTable.Col source="joinDate" label="Joined" />
        <DataTable.Col source="lastLogin" label="Last login" render={(r) => (r.lastLoginAt ? formatDate(r.lastLoginAt) : 'Never')} />
        <DataTable.Col source="coursesCompleted" label="Courses completed" disableSort align="right" />
        <DataTable.Col label="Actions" disableSort>
          <UserRowActions />
        </DataTable.Col>
      </DataTable>
    </List>
  );
}
