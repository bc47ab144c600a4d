import { Checkbox, FormControlLabel } from '@mui/material';
import { useInput } from 'react-admin';

export function PublishCheckbox({ source }: { source: string }) {
  const { field } = useInput({ source, defaultValue: false });
  return <FormControlLabel control={<Checkbox checked={!!field.value} onChange={(e) => field.onChange(e.target.checked)} />} label="Publish this lesson" />;
}
