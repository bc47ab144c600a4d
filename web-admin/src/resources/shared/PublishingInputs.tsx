import { BooleanInput, NumberInput } from 'react-admin';

/** Every members' resource has a position and a published flag (unpublished ones are hidden from learners). */
export function PublishingInputs() {
  return (
    <>
      <NumberInput source="sortOrder" label="Sort order" min={0} max={100000} step={1} defaultValue={0} helperText="Lower numbers come first" />
      <BooleanInput source="published" label="Published" defaultValue={true} />
    </>
  );
}
