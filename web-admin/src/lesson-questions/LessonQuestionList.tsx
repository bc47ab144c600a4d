import { Button, Dialog, DialogActions, DialogContent, DialogTitle, TextField } from '@mui/material';
import { useState } from 'react';
import { BooleanInput, DataTable, DateField, List, useDelete, useNotify, useRecordContext } from 'react-admin';
import { api, errorMessage } from '../api';
import type { LessonQuestionRecord } from '../api/types';
import { useConsoleAction } from '../common/useConsoleAction';
import { WIDE_TABLE } from '../common/layout';
import { useKeptText } from '../components/session/useKeptText';

const filters = [<BooleanInput key="unanswered" source="unanswered" label="Unanswered only" alwaysOn />];

/** Answer as the instructor (the asker is notified), hide from learners, or delete. */
function QuestionActions() {
  const record = useRecordContext<LessonQuestionRecord>();
  const [open, setOpen] = useState(false);
  // An answer being written survives the session ending (kept in this browser until it is posted).
  const [answer, setAnswer, forgetAnswer] = useKeptText(`lesson-question-answer:${String(record?.id)}`);
  const notify = useNotify();
  const visibility = useConsoleAction(
    ({ id, hidden }: { id: string; hidden: boolean }) => api('put', '/api/admin/lesson-questions/{id}/visibility', { path: { id }, body: { hidden } }),
    { success: (_, { hidden }) => (hidden ? 'Hidden' : 'Shown again') },
  );
  const answering = useConsoleAction(
    ({ id, body }: { id: string; body: string }) => api('post', '/api/admin/lesson-questions/{id}/answer', { path: { id }, body: { body } }),
    { success: 'Answer posted' },
  );
  // A delete waits for the notice's Undo before it reaches the server.
  const [remove, removal] = useDelete<LessonQuestionRecord>();
  if (!record) return null;
  const pending = visibility.isPending || answering.isPending || removal.isPending;
  const id = String(record.id);
  const postAnswer = () =>
    answering.mutate(
      { id, body: answer },
      {
        onSuccess: () => {
          setOpen(false);
          forgetAnswer();
        },
      },
    );
  const deleteQuestion = () =>
    remove(
      'lesson-questions',
      { id: record.id, previousData: record },
      {
        mutationMode: 'undoable',
        onSuccess: () => notify('Deleted', { type: 'info', undoable: true }),
        onError: (error) => notify(errorMessage(error), { type: 'error' }),
      },
    );
  return (
    <>
      <Button size="small" onClick={() => setOpen(true)} aria-label={`Answer the question of ${String(record.author)}`}>
        Answer
      </Button>
      <Button size="small" color="warning" disabled={pending} onClick={() => visibility.mutate({ id, hidden: !record.hidden })}>
        {record.hidden ? 'Show' : 'Hide'}
      </Button>
      <Button size="small" color="error" disabled={pending} onClick={deleteQuestion}>
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
          <Button variant="contained" disabled={pending || !answer.trim()} onClick={postAnswer}>
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
