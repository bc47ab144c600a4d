import { NumberField, TextField, UrlField } from 'react-admin';
import { ResourceList } from '../shared/ResourcePages';
import { StringChip } from '../shared/StringChip';

export function AffiliateProgramList() {
  return (
    <ResourceList title="Affiliate programs" nameField="name">
      <TextField source="name" label="Name" />
      <UrlField source="website" label="Website" sortable={false} />
      <TextField source="minPayout" label="Minimum payout" sortable={false} />
      <StringChip source="paymentModels" label="Payment models" sortable={false} />
      <NumberField source="sortOrder" label="Sort order" />
    </ResourceList>
  );
}
