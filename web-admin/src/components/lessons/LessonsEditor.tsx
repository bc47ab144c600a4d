import AddIcon from '@mui/icons-material/Add';
import { Box, Button, Typography } from '@mui/material';
import { useState, type ReactNode } from 'react';
import { Confirm } from 'react-admin';
import type { Lesson } from '../../api';
import { LessonDialog } from './LessonDialog';
import { LessonList } from './LessonList';
import { byOrder, move, newLesson, remove, upsert } from './lessonRules';

export const DELETE_LESSON_CONFIRMATION = 'Are you sure you want to delete this lesson?';

/** A lesson open in the editor dialog: its values so far and its place (null: a new lesson). */
export interface EditingLesson {
  lesson: Lesson;
  index: number | null;
}

/**
 * A course's lessons, edited in place: add, edit, delete (after confirmation)
 * and reorder. Changes go to `onChange`; they reach the server with the course.
 */
export function LessonsEditor({
  lessons,
  onChange,
  heading,
  creatingTitle,
  resume = null,
  onEditing,
  badge,
}: {
  lessons: Lesson[];
  onChange: (lessons: Lesson[]) => void;
  heading: string;
  creatingTitle: string;
  /** A lesson to reopen in the dialog (unsaved work offered back). */
  resume?: EditingLesson | null;
  /** The lesson in the dialog as it is edited, and null once it is saved or cancelled. */
  onEditing?: (editing: EditingLesson | null) => void;
  /** A marker per lesson in the list (see LessonList). */
  badge?: (lesson: Lesson) => ReactNode;
}) {
  const [editing, setEditingState] = useState<EditingLesson | null>(resume);
  const setEditing = (next: EditingLesson | null) => {
    setEditingState(next);
    onEditing?.(next);
  };
  const [deleting, setDeleting] = useState<number | null>(null);
  const ordered = byOrder(lessons);
  return (
    <Box component="section" aria-label={heading} sx={{ width: '100%' }}>
      <Box sx={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', mb: 1 }}>
        <Typography component="h3" variant="h6">
          {heading} ({lessons.length})
        </Typography>
        <Button variant="outlined" startIcon={<AddIcon />} onClick={() => setEditing({ lesson: newLesson(lessons), index: null })}>
          Add Lesson
        </Button>
      </Box>
      <LessonList
        lessons={lessons}
        onEdit={(index) => setEditing({ lesson: ordered[index], index })}
        onDelete={setDeleting}
        onMove={(from, to) => onChange(move(lessons, from, to))}
        badge={badge}
      />
      {editing && (
        <LessonDialog
          lesson={editing.lesson}
          creatingTitle={creatingTitle}
          onCancel={() => setEditing(null)}
          onValuesChange={onEditing && ((lesson) => onEditing({ lesson, index: editing.index }))}
          onSave={(lesson) => {
            onChange(upsert(lessons, lesson, editing.index));
            setEditing(null);
          }}
        />
      )}
      <Confirm
        isOpen={deleting !== null}
        title="Delete lesson"
        content={DELETE_LESSON_CONFIRMATION}
        confirm="Delete"
        onClose={() => setDeleting(null)}
        onConfirm={() => {
          if (deleting !== null) onChange(remove(lessons, deleting));
          setDeleting(null);
        }}
      />
    </Box>
  );
}
