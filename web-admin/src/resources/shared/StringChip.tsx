import { Chip, Stack } from '@mui/material';
import { useRecordContext } from 'react-admin';

/** A list of plain strings (payment models, features) as chips. */
export function StringChip({ source }: { source: string; label?: string; sortable?: boolean }) {
  const record = useRecordContext();
  const values: unknown = record?.[source];
  if (!Array.isArray(values) || values.length === 0) return null;
  return (
    <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 0.5 }}>
      {values.map((v) => (
        <Chip key={String(v)} label={String(v)} size="small" variant="outlined" />
      ))}
    </Stack>
  );
}
