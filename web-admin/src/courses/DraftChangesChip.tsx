import { Chip } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router-dom';
import { draftApi, queryKeys } from '../api';

/** "Draft changes", linking to the editor, when the course's draft differs from what learners see; nothing otherwise (or when the draft cannot be read). */
export function DraftChangesChip({ courseId }: { courseId: number }) {
  const { data } = useQuery({ queryKey: queryKeys.courseDraft(courseId), queryFn: () => draftApi.get(courseId), retry: false });
  if (!data?.hasDraft || !data.changes.differs) return null;
  return <Chip size="small" color="warning" label="Draft changes" component={Link} to={`/course/${courseId}/edit`} clickable />;
}
