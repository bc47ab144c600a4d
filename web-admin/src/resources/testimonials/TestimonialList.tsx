import { NumberField, TextField } from 'react-admin';
import { ResourceList } from '../shared/ResourcePages';

export function TestimonialList() {
  return (
    <ResourceList title="Testimonials" nameField="name">
      <TextField source="name" label="Name" />
      <TextField
        source="text"
        label="Text"
        sortable={false}
        sx={{ display: '-webkit-box', WebkitLineClamp: 2, WebkitBoxOrient: 'vertical', overflow: 'hidden' }}
      />
      <NumberField source="rating" label="Rating" />
      <NumberField source="sortOrder" label="Sort order" />
    </ResourceList>
  );
}
