import VisibilityIcon from '@mui/icons-material/Visibility';
import { IconButton, Paper, Typography } from '@mui/material';
import { Link } from 'react-router-dom';
import type { Analytics } from '../api';
import { ResponsiveTable, type TableColumn } from '../common/ResponsiveTable';
import { passRateText } from './passRate';

type Row = Analytics['coursePerformance'][number];

const COLUMNS: TableColumn<Row>[] = [
  { label: 'Course', render: (row) => row.course },
  { label: 'Completions', numeric: true, render: (row) => row.completions.toLocaleString('en-US') },
  { label: 'Rating', numeric: true, render: (row) => `${row.rating.toFixed(1)} / 5` },
  { label: 'Enrollments', numeric: true, render: (row) => row.enrollments.toLocaleString('en-US') },
  { label: 'Quiz attempts', numeric: true, render: (row) => row.quizAttempts.toLocaleString('en-US') },
  { label: 'Pass rate', numeric: true, render: (row) => passRateText(row.quizPassRate) },
  { label: 'Certificates', numeric: true, render: (row) => row.certificatesIssued.toLocaleString('en-US') },
  {
    label: 'Actions',
    numeric: true,
    render: (row) => (
      <IconButton component={Link} to={`/courses/${row.courseId}/show`} size="small" aria-label={`View ${row.course}`}>
        <VisibilityIcon fontSize="small" />
      </IconButton>
    ),
  },
];

export function CoursePerformanceTable({ rows }: { rows: Analytics['coursePerformance'] }) {
  return (
    <Paper variant="outlined" sx={{ p: 2 }}>
      <Typography component="h3" variant="h6" gutterBottom id="course-performance-heading">
        Course Performance
      </Typography>
      {rows.length === 0 ? (
        <Typography variant="body2">No course activity in this range.</Typography>
      ) : (
        <ResponsiveTable rows={rows} columns={COLUMNS} rowKey={(row) => String(row.courseId)} labelledBy="course-performance-heading" />
      )}
    </Paper>
  );
}
