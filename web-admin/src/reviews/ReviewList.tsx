import { Button } from '@mui/material';
import { BooleanInput, DataTable, List, NumberInput, useNotify, useRecordContext, useUpdate } from 'react-admin';
import { DateField } from '../common/DateField';
import { errorMessage } from '../api';
import { WIDE_TABLE } from '../common/layout';
import type { ReviewRecord } from '../api/types';

const filters = [
  <NumberInput key="courseId" source="courseId" label="Course id" />,
  <BooleanInput key="withText" source="withText" label="With a review" alwaysOn />,
  <BooleanInput key="hidden" source="hidden" label="Hidden" />,
];

/** Hides a review's text from learners, or shows it again; its stars keep counting. */
function VisibilityButton() {
  const record = useRecordContext<ReviewRecord>();
  const notify = useNotify();
  const [update, { isPending }] = useUpdate();
  if (!record?.review) return null;
  const hidden = Boolean(record.hidden);
  return (
    <Button
      size="small"
      color={hidden ? 'primary' : 'warning'}
      disabled={isPending}
      aria-label={`${hidden ? 'Show' : 'Hide'} the review of ${String(record.author)}`}
      onClick={(event) => {
        event.stopPropagation();
        void update(
          'reviews',
          { id: record.id, data: { hidden: !hidden }, previousData: record },
          {
            onSuccess: () => notify(hidden ? 'Review shown again' : 'Review hidden', { type: 'success' }),
            onError: (error) => notify(`Could not change the review: ${errorMessage(error)}`, { type: 'error' }),
          },
        );
      }}
    >
      {hidden ? 'Show' : 'Hide'}
    </Button>
  );
}

export function ReviewList() {
  return (
    <List
      filters={filters}
      filterDefaultValues={{ withText: true }}
      sort={{ field: 'ratedAt', order: 'DESC' }}
      perPage={25}
      title="Ratings & reviews"
      exporter={false}
      sx={WIDE_TABLE}
    >
      <DataTable bulkActionButtons={false} rowClick={false}>
        <DataTable.Col source="courseTitle" label="Course" disableSort />
        <DataTable.Col source="author" label="Learner" disableSort />
        <DataTable.Col source="stars" render={(r) => `${'★'.repeat(Number(r.stars))} (${String(r.stars)})`} />
        <DataTable.Col source="review" disableSort render={(r) => (r.review ? String(r.review) : '-')} />
        <DataTable.Col source="hidden" disableSort render={(r) => (r.hidden ? 'Hidden' : 'Visible')} />
        <DataTable.Col source="ratedAt" label="Rated" field={DateField} />
        <DataTable.Col label="Actions" disableSort>
          <VisibilityButton />
        </DataTable.Col>
      </DataTable>
    </List>
  );
}
