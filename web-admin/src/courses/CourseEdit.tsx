import { Navigate, useParams } from 'react-router-dom';

/** The courses resource's edit (/courses/{id}) is the course editor: one editor, working on the course's draft. */
export function CourseEdit() {
  const { id } = useParams();
  return <Navigate to={`/course/${id}/edit`} replace />;
}
