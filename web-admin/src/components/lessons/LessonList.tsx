import DeleteIcon from '@mui/icons-material/Delete';
import DragIndicatorIcon from '@mui/icons-material/DragIndicator';
import EditIcon from '@mui/icons-material/Edit';
import { Box, Chip, IconButton, List, ListItem, ListItemIcon, ListItemText, Tooltip, Typography } from '@mui/material';
import { useState, type ReactNode } from 'react';
import type { Lesson } from '../../api';
import { byOrder } from './lessonRules';

/**
 * The lessons in order with duration and a Published/Draft badge; edit and
 * delete per lesson; drag a row onto another to move it there. `badge` adds
 * a marker of the caller's to a lesson (the course editor: how it differs from
 * the published course).
 */
export function LessonList({
  lessons,
  onEdit,
  onDelete,
  onMove,
  badge,
}: {
  lessons: Lesson[];
  onEdit: (index: number) => void;
  onDelete: (index: number) => void;
  onMove: (from: number, to: number) => void;
  badge?: (lesson: Lesson) => ReactNode;
}) {
  const [dragged, setDragged] = useState<number | null>(null);
  const ordered = byOrder(lessons);
  if (ordered.length === 0) return <Typography color="text.secondary">No lessons yet</Typography>;
  return (
    <List dense aria-label="Lessons">
      {ordered.map((lesson, index) => (
        <ListItem
          key={lesson.id ?? `new-${index}`}
          divider
          draggable
          onDragStart={() => setDragged(index)}
          onDragOver={(e) => e.preventDefault()}
          onDrop={(e) => {
            e.preventDefault();
            if (dragged !== null && dragged !== index) onMove(dragged, index);
            setDragged(null);
          }}
          data-testid="lesson-row"
          secondaryAction={
            <Box>
              <Tooltip title="Edit lesson">
                <IconButton edge="end" aria-label={`Edit lesson ${lesson.title}`} onClick={() => onEdit(index)}>
                  <EditIcon />
                </IconButton>
              </Tooltip>
              <Tooltip title="Delete lesson">
                <IconButton edge="end" color="error" aria-label={`Delete lesson ${lesson.title}`} onClick={() => onDelete(index)} sx={{ ml: 1 }}>
                  <DeleteIcon />
                </IconButton>
              </Tooltip>
            </Box>
          }
          sx={{ pr: 12, opacity: dragged === index ? 0.5 : 1 }}
        >
          <ListItemIcon sx={{ minWidth: 32, cursor: 'grab' }} aria-hidden>
            <DragIndicatorIcon />
          </ListItemIcon>
          <ListItemText
            primary={`${lesson.order}. ${lesson.title}`}
            secondary={
              <Box component="span" sx={{ display: 'flex', gap: 1, alignItems: 'center', flexWrap: 'wrap' }}>
                <span>{lesson.duration}</span>
                <span>·</span>
                <span>{lesson.type}</span>
                <Chip
                  component="span"
                  size="small"
                  variant="outlined"
                  label={lesson.published ? 'Published' : 'Draft'}
                  color={lesson.published ? 'success' : 'default'}
                />
                {badge?.(lesson)}
              </Box>
            }
          />
        </ListItem>
      ))}
    </List>
  );
}
