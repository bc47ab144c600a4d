import { Create } from 'react-admin';
import { PageHeading } from '../common/PageHeading';
import { CourseForm } from './CourseForm';
import { useCourseMessages } from './courseMessages';

export function CourseCreate() {
  const messages = useCourseMessages();
  return (
    <>
      <PageHeading>Add New Course</PageHeading>
      <Create
        title="Add New Course"
        redirect="list"
        record={{ lessons: [], totalLessons: 0, category: 'Marketing', status: 'draft' }}
        mutationOptions={{ onError: messages.createFailed }}
      >
        <CourseForm saveLabel="Create Course" />
      </Create>
    </>
  );
}
