import { NumberField, TextField } from 'react-admin';
import { ResourceList } from '../shared/ResourcePages';

export function ToolCategoryList() {
  return (
    <ResourceList title="Tool categories" nameField="title">
      <TextField source="title" label="Title" />
      <TextField source="icon" label="Icon" sortable={false} />
      <NumberField source="toolCount" label="Tools" sortable={false} />
      <NumberField source="sortOrder" label="Sort order" />
    </ResourceList>
  );
}
