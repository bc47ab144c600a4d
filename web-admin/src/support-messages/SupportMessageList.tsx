import { DataTable, List, SearchInput, SelectInput } from 'react-admin';
import { DateField } from '../common/DateField';
import { WIDE_TABLE } from '../common/layout';

const STATUS_CHOICES = [
  { id: 'new', name: 'New' },
  { id: 'read', name: 'Read' },
];

const filters = [
  <SearchInput key="q" source="q" alwaysOn placeholder="Search email, name or subject" />,
  <SelectInput key="status" source="status" label="Status" choices={STATUS_CHOICES} emptyText="All" alwaysOn />,
];

export function SupportMessageList() {
  return (
    <List filters={filters} sort={{ field: 'createdAt', order: 'DESC' }} perPage={25} title="Support messages" exporter={false} sx={WIDE_TABLE}>
      <DataTable bulkActionButtons={false} rowClick="show">
        <DataTable.Col source="createdAt" label="Received" field={DateField} />
        <DataTable.Col source="status" />
        <DataTable.Col source="name" disableSort />
        <DataTable.Col source="email" />
        <DataTable.Col source="subject" disableSort />
      </DataTable>
    </List>
  );
}
