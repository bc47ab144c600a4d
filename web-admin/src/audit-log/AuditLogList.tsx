import { DataTable, DateTimeInput, FilterButton, List, SearchInput, TextInput, TopToolbar } from 'react-admin';
import { DateField } from '../common/DateField';
import { WIDE_TABLE } from '../common/layout';
import { ScalePagination } from '../common/ScalePagination';
import { ServerExportButton } from '../common/ServerExportButton';

/** Who (the admin's email), what (action, resource) and when (a time window), plus a free search. */
const filters = [
  <SearchInput key="q" source="q" alwaysOn placeholder="Search" />,
  <TextInput key="actorEmail" source="actorEmail" label="Admin email" />,
  <TextInput key="action" source="action" label="Action" />,
  <TextInput key="resource" source="resource" label="Resource" />,
  <DateTimeInput key="from" source="from" label="From" />,
  <DateTimeInput key="to" source="to" label="To" />,
];

function ListActions() {
  return (
    <TopToolbar>
      <FilterButton />
      <ServerExportButton resource="audit-log" />
    </TopToolbar>
  );
}

export function AuditLogList() {
  return (
    <List
      filters={filters}
      actions={<ListActions />}
      sort={{ field: 'id', order: 'DESC' }}
      perPage={50}
      pagination={<ScalePagination />}
      title="Audit log"
      exporter={false}
      sx={WIDE_TABLE}
    >
      <DataTable bulkActionButtons={false} rowClick={false}>
        <DataTable.Col source="at" label="When">
          <DateField source="at" showTime />
        </DataTable.Col>
        <DataTable.Col source="actorEmail" label="Admin" />
        <DataTable.Col source="action" />
        <DataTable.Col source="resource" />
        <DataTable.Col source="summary" disableSort />
      </DataTable>
    </List>
  );
}
