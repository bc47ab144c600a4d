import { TextArrayInput, TextInput } from 'react-admin';
import { MediaUrlInput } from '../shared/MediaUrlInput';
import { PublishingInputs } from '../shared/PublishingInputs';
import { ResourceCreate, ResourceEdit } from '../shared/ResourcePages';
import { optionalText, requiredText, uploadOrUrl } from '../shared/validation';

function BotInputs() {
  return (
    <>
      <TextInput source="name" label="Name" validate={requiredText('Name', 120)} fullWidth />
      <TextInput source="description" label="Description" validate={optionalText('Description', 2000)} multiline minRows={3} fullWidth />
      <TextInput source="price" label="Price" validate={optionalText('Price', 40)} defaultValue="Free" />
      <MediaUrlInput
        source="image"
        label="Image"
        accept="image/png,image/jpeg,image/gif,image/webp"
        validate={uploadOrUrl('Image')}
        helperText="An https URL, or upload an image (up to 5 MiB)"
      />
      <TextArrayInput source="features" label="Features" helperText="Press Enter after each feature (at most 20)" defaultValue={[]} />
      <MediaUrlInput
        source="downloadUrl"
        label="Download"
        accept="application/zip,application/pdf"
        validate={uploadOrUrl('Download')}
        helperText="An https URL, or upload a ZIP (up to 100 MiB) or PDF"
      />
      <PublishingInputs />
    </>
  );
}

export const BotCreate = () => (
  <ResourceCreate title="New bot">
    <BotInputs />
  </ResourceCreate>
);

export const BotEdit = () => (
  <ResourceEdit title="Edit bot">
    <BotInputs />
  </ResourceEdit>
);
