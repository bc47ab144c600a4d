import { NumberField, TextField, UrlField } from 'react-admin';
import { ResourceList } from '../shared/ResourcePages';

export function CloudFolderList() {
  return (
    <ResourceList title="Cloud folders" nameField="title">
      <TextField source="title" label="Title" />
      <UrlField source="url" label="URL" sortable={false} />
      <NumberField source="sortOrder" label="Sort order" />
    </ResourceList>
  );
}
