import { TextInput } from 'react-admin';
import { PublishingInputs } from '../shared/PublishingInputs';
import { ResourceCreate, ResourceEdit } from '../shared/ResourcePages';
import { optionalText, requiredText, requiredUrl } from '../shared/validation';

function CloudFolderInputs() {
  return (
    <>
      <TextInput source="title" label="Title" validate={requiredText('Title', 200)} fullWidth />
      <TextInput source="description" label="Description" validate={optionalText('Description', 2000)} multiline minRows={3} fullWidth />
      <TextInput source="url" label="URL" type="url" validate={requiredUrl('URL')} fullWidth />
      <PublishingInputs />
    </>
  );
}

export const CloudFolderCreate = () => (
  <ResourceCreate title="New cloud folder">
    <CloudFolderInputs />
  </ResourceCreate>
);

export const CloudFolderEdit = () => (
  <ResourceEdit title="Edit cloud folder">
    <CloudFolderInputs />
  </ResourceEdit>
);
