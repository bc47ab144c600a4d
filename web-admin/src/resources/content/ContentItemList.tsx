import { NumberField, SelectInput, TextField } from 'react-admin';
import { DateField } from '../../common/DateField';
import { ResourceList } from '../shared/ResourcePages';
import { CONTENT_CATEGORY_CHOICES, CONTENT_TYPE_CHOICES } from './choices';

const contentFilters = [
  <SelectInput key="type" source="type" label="Type" choices={CONTENT_TYPE_CHOICES} />,
  <SelectInput key="category" source="category" label="Category" choices={CONTENT_CATEGORY_CHOICES} />,
];

export function ContentItemList() {
  return (
    <ResourceList title="Content" nameField="title" extraFilters={contentFilters}>
      <TextField source="title" label="Title" />
      <TextField source="type" label="Type" />
      <TextField source="category" label="Category" />
      <TextField source="size" label="Size" sortable={false} />
      <DateField source="dateAdded" label="Date added" />
      <NumberField source="sortOrder" label="Sort order" />
    </ResourceList>
  );
}
