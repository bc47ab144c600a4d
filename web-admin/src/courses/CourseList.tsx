import AddIcon from '@mui/icons-material/Add';
import { Box, Button, CircularProgress, Grid, Paper, Typography } from '@mui/material';
import { List, Pagination, SearchInput, SelectInput, TopToolbar, useCreatePath, useListContext } from 'react-admin';
import { Link as RouterLink } from 'react-router-dom';
import type { Course } from '../api';
import { ServerExportButton } from '../common/ServerExportButton';
import { CATEGORY_CHOICES, COURSE_STATUS_CHOICES } from '../components/course/choices';
import { CourseCard } from './CourseCard';
import { CourseSummaryTiles } from './CourseSummaryTiles';

const filters = [
  <SearchInput key="q" source="q" alwaysOn placeholder="Search by title or instructor" />,
  <SelectInput key="status" source="status" label="Status" choices={COURSE_STATUS_CHOICES} emptyText="All statuses" alwaysOn />,
  <SelectInput key="category" source="category" label="Category" choices={CATEGORY_CHOICES} emptyText="All categories" alwaysOn />,
];

function ListActions() {
  const createPath = useCreatePath();
  return (
    <TopToolbar>
      {/* A button in the toolbar at every width (react-admin's phone-sized floating button covered the first course card). */}
      <Button component={RouterLink} to={createPath({ resource: 'courses', type: 'create' })} startIcon={<AddIcon />} size="small">
        Add Course
      </Button>
      <ServerExportButton resource="courses" />
    </TopToolbar>
  );
}

function CourseGrid() {
  const { data, isPending } = useListContext<Course>();
  if (isPending)
    return (
      <Box role="status" sx={{ display: 'flex', alignItems: 'center', gap: 1, p: 4, justifyContent: 'center' }}>
        <CircularProgress size={20} aria-hidden />
        <Typography>Loading courses...</Typography>
      </Box>
    );
  if (!data?.length)
    return (
      <Paper variant="outlined" sx={{ p: 4, textAlign: 'center' }}>
        <Typography component="h2" variant="h6">
          No courses found
        </Typography>
        <Typography color="text.secondary">Try adjusting your search or filters</Typography>
      </Paper>
    );
  return (
    <Grid container spacing={2}>
      {data.map((course) => (
        <Grid key={course.id} size={{ xs: 12, sm: 6, lg: 4 }}>
          <CourseCard course={course} />
        </Grid>
      ))}
    </Grid>
  );
}

export function CourseList() {
  return (
    <List
      filters={filters}
      actions={<ListActions />}
      sort={{ field: 'id', order: 'DESC' }}
      perPage={12}
      pagination={<Pagination rowsPerPageOptions={[12, 24, 48, 96]} />}
      empty={false}
      component="div"
      title="Courses"
    >
      <CourseSummaryTiles />
      <CourseGrid />
    </List>
  );
}
