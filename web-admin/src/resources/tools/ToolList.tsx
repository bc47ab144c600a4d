import { NumberField, ReferenceField, TextField, UrlField } from 'react-admin';
import { ResourceList } from '../shared/ResourcePages';

export function ToolList() {
  return (
    <ResourceList title="Tools" nameField="name">
      <TextField source="name" label="Name" />
      <ReferenceField source="categoryId" reference="tool-categories" label="Category" link={false} />
      <UrlField source="website" label="Website" sortable={false} />
      <TextField source="promoCode" label="Promo code" sortable={false} />
      <TextField source="discount" label="Discount" sortable={false} />
      <NumberField source="sortOrder" label="Sort order" />
    </ResourceList>
  );
}
