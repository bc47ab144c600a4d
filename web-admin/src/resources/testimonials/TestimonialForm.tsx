import { NumberInput, TextInput } from 'react-admin';
import { PublishingInputs } from '../shared/PublishingInputs';
import { ResourceCreate, ResourceEdit } from '../shared/ResourcePages';
import { requiredText, wholeNumber } from '../shared/validation';

function TestimonialInputs() {
  return (
    <>
      <TextInput source="name" label="Name" validate={requiredText('Name', 120)} fullWidth />
      <TextInput source="text" label="Text" validate={requiredText('Text', 2000)} multiline minRows={3} fullWidth />
      <NumberInput source="rating" label="Rating" min={1} max={5} step={1} defaultValue={5} validate={wholeNumber('Rating', 1, 5)} helperText="1 to 5 stars" />
      <PublishingInputs />
    </>
  );
}

export const TestimonialCreate = () => (
  <ResourceCreate title="New testimonial">
    <TestimonialInputs />
  </ResourceCreate>
);

export const TestimonialEdit = () => (
  <ResourceEdit title="Edit testimonial">
    <TestimonialInputs />
  </ResourceEdit>
);
