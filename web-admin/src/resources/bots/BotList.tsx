import { NumberField, TextField } from 'react-admin';
import { ResourceList } from '../shared/ResourcePages';
import { StringChip } from '../shared/StringChip';

export function BotList() {
  return (
    <ResourceList title="Bots" nameField="name">
      <TextField source="name" label="Name" />
      <TextField source="price" label="Price" sortable={false} />
      <StringChip source="features" label="Features" sortable={false} />
      <NumberField source="sortOrder" label="Sort order" />
    </ResourceList>
  );
}
