import { DateInput, required, SelectInput, TextArrayInput, TextInput } from 'react-admin';
import { MediaUrlInput } from '../shared/MediaUrlInput';
import { PublishingInputs } from '../shared/PublishingInputs';
import { ResourceCreate, ResourceEdit } from '../shared/ResourcePages';
import { optionalText, requiredText, uploadOrUrl } from '../shared/validation';
import { CONTENT_CATEGORY_CHOICES, CONTENT_TYPE_CHOICES } from './choices';

const today = () => new Date().toISOString().slice(0, 10);

function ContentItemInputs() {
  return (
    <>
      <TextInput source="title" label="Title" validate={requiredText('Title', 200)} fullWidth />
      <SelectInput source="type" label="Type" choices={CONTENT_TYPE_CHOICES} defaultValue="document" validate={required()} />
      <SelectInput source="category" label="Category" choices={CONTENT_CATEGORY_CHOICES} defaultValue="business" validate={required()} />
      <TextInput source="duration" label="Duration" validate={optionalText('Duration', 40)} helperText="For video and audio, e.g. 12:30" />
      <TextInput source="size" label="Size" validate={optionalText('Size', 40)} helperText="Filled in from an uploaded file when left empty" />
      <TextArrayInput source="tags" label="Tags" helperText="Press Enter after each tag (at most 20)" defaultValue={[]} />
      <DateInput source="dateAdded" label="Date added" defaultValue={today()} validate={required('Date added is required')} />
      <MediaUrlInput
        source="thumbnail"
        label="Thumbnail"
        accept="image/png,image/jpeg,image/gif,image/webp"
        validate={uploadOrUrl('Thumbnail')}
        helperText="An https URL, or upload an image (up to 5 MiB)"
      />
      <MediaUrlInput
        source="fileUrl"
        label="File or link"
        accept="application/pdf,application/zip,image/png,image/jpeg,image/gif,image/webp"
        validate={uploadOrUrl('File or link')}
        helperText="Upload a PDF, ZIP or image, or link to an https video or file"
      />
      <PublishingInputs />
    </>
  );
}

export const ContentItemCreate = () => (
  <ResourceCreate title="New content item">
    <ContentItemInputs />
  </ResourceCreate>
);

export const ContentItemEdit = () => (
  <ResourceEdit title="Edit content item">
    <ContentItemInputs />
  </ResourceEdit>
);
