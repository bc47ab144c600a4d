import { NumberField, TextField, UrlField } from 'react-admin';
import { ResourceList } from '../shared/ResourcePages';

export function AutomationList() {
  return (
    <ResourceList title="Automation templates" nameField="name">
      <TextField source="name" label="Name" />
      <TextField source="department" label="Department" />
      <TextField source="category" label="Category" />
      <UrlField source="link" label="Link" sortable={false} />
      <NumberField source="sortOrder" label="Sort order" />
    </ResourceList>
  );
}
