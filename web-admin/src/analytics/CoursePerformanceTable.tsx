import VisibilityIcon from '@mui/icons-material/Visibility';
import { IconButton, Paper, Table, TableBody, TableCell, TableContainer, TableHead, TableRow, Typography } from '@mui/material';
import { Link } from 'react-router-dom';
import type { Analytics } from '../api';
import { formatMoney } from '../common/format';
import { passRateText } from './passRate';

export function CoursePerformanceTable({ rows }: { rows: Analytics['coursePerformance'] }) {
  return (
    <Paper variant="outlined" sx={{ p: 2 }}>
      <Typography component="h3" variant="h6" gutterBottom id="course-performance-heading">
        Course Performance
      </Typography>
      {rows.length === 0 ? (
        <Typography variant="body2">No course activity in this range.</Typography>
      ) : (
        <TableContainer>
          <Table size="small" aria-labelledby="course-performance-heading">
            <TableHead>
              <TableRow>
                <TableCell>Course</TableCell>
                <TableCell align="right">Completions</TableCell>
                <TableCell align="right">Rating</TableCell>
                <TableCell align="right">Revenue (USD)</TableCell>
                <TableCell align="right">Quiz attempts</TableCell>
                <TableCell align="right">Pass rate</TableCell>
                <TableCell align="right">Certificates</TableCell>
                <TableCell align="right">Actions</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {rows.map((row) => (
                <TableRow key={row.courseId}>
                  <TableCell>{row.course}</TableCell>
                  <TableCell align="right">{row.completions.toLocaleString('en-US')}</TableCell>
                  <TableCell align="right">{row.rating.toFixed(1)} / 5</TableCell>
                  <TableCell align="right">{formatMoney(row.revenue)}</TableCell>
                  <TableCell align="right">{row.quizAttempts.toLocaleString('en-US')}</TableCell>
                  <TableCell align="right">{passRateText(row.quizPassRate)}</TableCell>
                  <TableCell align="right">{row.certificatesIssued.toLocaleString('en-US')}</TableCell>
                  <TableCell align="right">
                    <IconButton component={Link} to={`/courses/${row.courseId}/show`} size="small" aria-label={`View ${row.course}`}>
                      <VisibilityIcon fontSize="small" />
                    </IconButton>
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </TableContainer>
      )}
    </Paper>
  );
}
