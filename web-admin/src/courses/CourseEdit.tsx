import EditNoteIcon from '@mui/icons-material/EditNote';
import { Button } from '@mui/material';
import { Edit, TopToolbar, useRecordContext } from 'react-admin';
import { Link } from 'react-router-dom';
import { PageHeading } from '../common/PageHeading';
import { CourseForm } from './CourseForm';
import { useCourseMessages } from './courseMessages';
import { CourseReadOnlyFacts } from './CourseReadOnlyFacts';
import type { CourseRecord } from '../api/types';

function OpenEditorPage() {
  const record = useRecordContext<CourseRecord>();
  if (!record) return null;
  return (
    <TopToolbar>
      <Button component={Link} to={`/course/${record.id}/edit`} startIcon={<EditNoteIcon />}>
        Open course editor
      </Button>
    </TopToolbar>
  );
}

export function CourseEdit() {
  const messages = useCourseMessages();
  return (
    <>
      <PageHeading>Edit Course</PageHeading>
      <Edit title="Edit Course" mutationMode="pessimistic" redirect="list" actions={<OpenEditorPage />} mutationOptions={{ onError: messages.updateFailed }}>
        <CourseForm saveLabel="Save Changes">
          <CourseReadOnlyFacts />
        </CourseForm>
      </Edit>
    </>
  );
}
