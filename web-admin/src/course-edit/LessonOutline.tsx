import { Box, List, ListItem, ListItemText, Typography } from '@mui/material';
import type { CourseChanges, Lesson, LessonChange } from '../api';
import { LessonsEditor, type EditingLesson } from '../components/lessons/LessonsEditor';
import { LessonChangeChip } from './DraftChanges';

const moved = (change: LessonChange) => change.fromOrder !== null && change.toOrder !== null && change.fromOrder !== change.toOrder;

/** The chips of a draft lesson against the published course: New (also before its first save), Changed, Moved. */
function LessonChanges({ lesson, changes }: { lesson: Lesson; changes: Map<number, LessonChange> }) {
  if (lesson.id === undefined) return <LessonChangeChip change={{ kind: 'added' }} />;
  const change = changes.get(lesson.id);
  if (!change) return null;
  return (
    <>
      <LessonChangeChip change={change} />
      {change.kind === 'changed' && moved(change) && <LessonChangeChip change={{ kind: 'moved' }} />}
    </>
  );
}

/**
 * The draft's lessons (add, edit, delete, reorder; every lesson type, quiz,
 * drip and files through the lesson dialog), each marked with how it differs
 * from the published course, then the published lessons the draft removes.
 */
export function LessonOutline({
  lessons,
  changes,
  onChange,
  resume,
  onEditing,
}: {
  lessons: Lesson[];
  changes: CourseChanges;
  onChange: (lessons: Lesson[]) => void;
  resume: EditingLesson | null;
  onEditing: (editing: EditingLesson | null) => void;
}) {
  const byLesson = new Map(changes.lessons.map((change) => [change.lessonId, change]));
  const removed = changes.lessons.filter((change) => change.kind === 'removed');
  return (
    <>
      <LessonsEditor
        resume={resume}
        onEditing={onEditing}
        lessons={lessons}
        onChange={onChange}
        heading="Course Lessons"
        creatingTitle="Add New Lesson"
        badge={(lesson) => <LessonChanges lesson={lesson} changes={byLesson} />}
      />
      {removed.length > 0 && (
        <Box component="section" aria-labelledby="removed-lessons-heading" sx={{ mt: 2 }}>
          <Typography id="removed-lessons-heading" component="h3" variant="subtitle1">
            Removed in the draft (learners still see them until you publish)
          </Typography>
          <List dense>
            {removed.map((change) => (
              <ListItem key={change.lessonId} divider>
                <ListItemText
                  primary={
                    <Box component="span" sx={{ display: 'flex', gap: 1, alignItems: 'center' }}>
                      <Box component="span" sx={{ textDecoration: 'line-through' }}>
                        {change.fromOrder !== null ? `${change.fromOrder}. ${change.title}` : change.title}
                      </Box>
                      <LessonChangeChip change={change} />
                    </Box>
                  }
                />
              </ListItem>
            ))}
          </List>
        </Box>
      )}
    </>
  );
}
