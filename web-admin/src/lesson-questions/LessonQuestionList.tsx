import { Button, Dialog, DialogActions, DialogContent, DialogTitle, TextField } from '@mui/material';
import { useState } from 'react';
import { BooleanInput, DataTable, DateField, List, useNotify, useRecordContext, useRefresh } from 'react-admin';
import { api, errorMessage } from '../api';
import { WIDE_TABLE } from '../common/layout';

const filters = [<BooleanInput key="unanswered" source="unanswered" label="Unanswered only" alwaysOn />];

/** Answer as the instructor (the asker is notified), hide from learners, or delete. */
function QuestionActions() {
  const record = useRecordContext();
  const notify = useNotify();
  const refresh = useRefresh();
  const [open, setOpen] = useState(false);
  const [answer, setAnswer] = useState('');
  const [pending, setPending] = useState(false);
  if (!record) return null;
  const run = async (request: () => Promise<unknown>, done: string) => {
    setPending(true);
    try {
      await request();
      notify(done, { type: 'success' });
      setOpen(false);
      setAnswer('');
      refresh();
    } catch (error) {
      notify(errorMessage(error), { type: 'error' });
    } finally {
      setPending(false);
    }
  };
  const path = { id: String(record.id) };
  return (
    <>
      <Button size="small" onClick={() => setOpen(true)} aria-label={`Answer the question of ${String(record.author)}`}>
        Answer
      </Button>
      <Button
        size="small"
        color="warning"
        disabled={pending}
        onClick={() =>
          void run(
            () => api('put', '/api/admin/lesson-questions/{id}/visibility', { path, body: { hidden: !record.hidden } }),
            record.hidden ? 'Shown again' : 'Hidden',
          )
        }
      >
        {record.hidden ? 'Show' : 'Hide'}
      </Button>
      <Button
        size="small"
        color="error"
        disabled={pending}
        onClick={() => void run(() => api('delete', '/api/admin/lesson-questions/{id}', { path }), 'Deleted')}
      >
        Delete
      </Button>
      <Dialog open={open} onClose={() => setOpen(false)} fullWidth maxWidth="sm" aria-labelledby="answer-title">
        <DialogTitle id="answer-title">Answer as the instructor</DialogTitle>
        <DialogContent>
          <p>{String(record.body)}</p>
          <TextField label="Your answer" value={answer} onChange={(e) => setAnswer(e.target.value)} multiline minRows={3} fullWidth autoFocus />
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setOpen(false)}>Cancel</Button>
          <Button
            variant="contained"
            disabled={pending || !answer.trim()}
            onClick={() => void run(() => api('post', '/api/admin/lesson-questions/{id}/answer', { path, body: { body: answer } }), 'Answer posted')}
          >
            Post answer
          </Button>
        </DialogActions>
      </Dialog>
    </>
  );
}

/** Questions learners asked under lessons; the unanswered ones first to answer. */
export function LessonQuestionList() {
  return (
    <List
      filters={filters}
      filterDefaultValues={{ unanswered: true }}
      sort={{ field: 'createdAt', order: 'DESC' }}
      perPage={25}
      title="Lesson questions"
      exporter={false}
      sx={WIDE_TABLE}
    >
      <DataTable bulkActionButtons={false} rowClick={false}>
        <DataTable.Col source="courseTitle" label="Course" disableSort />
        <DataTable.Col source="lessonTitle" label="Lesson" disableSort />
        <DataTable.Col source="author" label="Learner" disableSort />
        <DataTable.Col source="body" label="Question" disableSort />
        <DataTable.Col label="Status" disableSort render={(r) => `${r.answered ? 'Answered' : 'Unanswered'}${r.hidden ? ' · hidden' : ''}`} />
        <DataTable.Col source="createdAt" label="Asked" field={DateField} />
        <DataTable.Col label="Actions" disableSort>
          <QuestionActions />
        </DataTable.Col>
      </DataTable>
    </List>
  );
}
