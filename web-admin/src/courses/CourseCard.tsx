import AccessTimeIcon from '@mui/icons-material/AccessTime';
import DeleteIcon from '@mui/icons-material/Delete';
import EditIcon from '@mui/icons-material/Edit';
import MenuBookIcon from '@mui/icons-material/MenuBook';
import PeopleIcon from '@mui/icons-material/People';
import StarIcon from '@mui/icons-material/Star';
import VisibilityIcon from '@mui/icons-material/Visibility';
import { Box, Button, Card, CardActions, CardContent, Chip, Stack, Typography } from '@mui/material';
import { useState } from 'react';
import { Confirm, useDelete } from 'react-admin';
import { Link } from 'react-router-dom';
import type { Course } from '../api';
import { plural } from '../common/plural';
import { DEFAULT_COURSE_DURATION, statusBadge } from '../components/course/choices';
import { CourseThumbnail } from '../components/course/CourseThumbnail';
import { deleteCourseConfirmation, useCourseMessages } from './courseMessages';

function Fact({ icon, children }: { icon: React.ReactNode; children: React.ReactNode }) {
  return (
    <Box sx={{ display: 'flex', alignItems: 'center', gap: 0.5, color: 'text.secondary' }}>
      {icon}
      <Typography variant="body2">{children}</Typography>
    </Box>
  );
}

export function CourseCard({ course }: { course: Course }) {
  const badge = statusBadge(course.status);
  const messages = useCourseMessages();
  const [confirming, setConfirming] = useState(false);
  const [remove, { isPending }] = useDelete();
  const lessonsCount = course.lessonsCount ?? course.lessons?.length ?? 0;
  return (
    <Card variant="outlined" sx={{ height: '100%', display: 'flex', flexDirection: 'column' }} data-testid="course-card">
      <Box sx={{ position: 'relative' }}>
        <CourseThumbnail src={course.thumbnail} alt={course.title} />
        <Chip label={badge.label} size="small" sx={{ ...badge.sx, position: 'absolute', top: 8, right: 8 }} />
        {course.hasDraft && <Chip label="Draft changes" size="small" color="warning" sx={{ position: 'absolute', top: 8, left: 8 }} />}
      </Box>
      <CardContent sx={{ flex: 1 }}>
        <Typography component="h3" variant="h6" gutterBottom>
          {course.title}
        </Typography>
        <Typography
          variant="body2"
          color="text.secondary"
          sx={{ display: '-webkit-box', WebkitLineClamp: 3, WebkitBoxOrient: 'vertical', overflow: 'hidden', mb: 1.5 }}
        >
          {course.description}
        </Typography>
        <Stack direction="row" sx={{ flexWrap: 'wrap', columnGap: 2, rowGap: 0.5 }}>
          <Fact icon={<AccessTimeIcon fontSize="small" />}>{course.duration || DEFAULT_COURSE_DURATION}</Fact>
          <Fact icon={<MenuBookIcon fontSize="small" />}>{plural(lessonsCount, 'lesson')}</Fact>
          <Fact icon={<PeopleIcon fontSize="small" />}>{plural(course.students ?? 0, 'student')}</Fact>
          <Fact icon={<StarIcon fontSize="small" />}>
            <span data-testid="course-rating">
              {Number(course.rating ?? 0).toFixed(1)} ({Number(course.ratingsCount ?? 0)})
            </span>
          </Fact>
        </Stack>
        <Typography variant="caption" color="text.secondary" sx={{ display: 'block', mt: 1 }} aria-label="Lessons created of planned">
          {lessonsCount}/{course.totalLessons ?? 0}
        </Typography>
      </CardContent>
      <CardActions sx={{ justifyContent: 'space-between' }}>
        <Button size="small" component={Link} to={`/courses/${course.id}/show`} startIcon={<VisibilityIcon />} aria-label={`View ${course.title}`}>
          View
        </Button>
        <Button size="small" component={Link} to={`/course/${course.id}/edit`} startIcon={<EditIcon />} aria-label={`Edit ${course.title}`}>
          Edit
        </Button>
        <Button
          size="small"
          color="error"
          startIcon={<DeleteIcon />}
          onClick={() => setConfirming(true)}
          disabled={isPending}
          aria-label={`Delete ${course.title}`}
        >
          Delete
        </Button>
      </CardActions>
      <Confirm
        isOpen={confirming}
        loading={isPending}
        title="Delete course"
        content={deleteCourseConfirmation(course.title)}
        confirm="Delete"
        onClose={() => setConfirming(false)}
        onConfirm={() =>
          remove(
            'courses',
            { id: course.id, previousData: course },
            {
              mutationMode: 'pessimistic',
              onSuccess: () => {
                setConfirming(false);
                messages.deleted();
              },
              onError: (error) => {
                setConfirming(false);
                messages.deleteFailed(error);
              },
            },
          )
        }
      />
    </Card>
  );
}
