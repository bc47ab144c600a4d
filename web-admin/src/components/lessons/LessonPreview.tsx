import { Box, Chip, Typography } from '@mui/material';
import DOMPurify from 'dompurify';
import type { Lesson } from '../../api';
import { usePdfPreviewLink } from './usePdfPreviewLink';

/** The lesson as a learner sees it: the video embed, the PDF, or the sanitised content (images at most 400 px high). */
export function LessonPreview({ lesson }: { lesson: Lesson }) {
  const pdfLink = usePdfPreviewLink(lesson.type === 'pdf' ? lesson.pdfUrl : null);
  return (
    <Box component="article" aria-label={`Preview of ${lesson.title}`}>
      <Typography component="h2" variant="h5" sx={{ fontWeight: 700 }}>
        {lesson.title}
      </Typography>
      <Box sx={{ display: 'flex', gap: 1, alignItems: 'center', my: 1 }}>
        <Typography variant="body2" color="text.secondary">
          {lesson.duration}
        </Typography>
        {!lesson.published && <Chip size="small" label="Draft" variant="outlined" />}
      </Box>
      {lesson.type === 'video' && lesson.videoUrl && (
        <Box sx={{ position: 'relative', pt: '56.25%', mb: 2, bgcolor: 'black' }}>
          <Box
            component="iframe"
            src={lesson.videoUrl}
            title={lesson.title}
            allow="accelerometer; autoplay; clipboard-write; encrypted-media; gyroscope; picture-in-picture"
            allowFullScreen
            sx={{ position: 'absolute', inset: 0, width: '100%', height: '100%', border: 0 }}
          />
        </Box>
      )}
      {lesson.type === 'pdf' && pdfLink && (
        <Box component="iframe" src={pdfLink} title={lesson.title} sx={{ width: '100%', height: 600, border: 1, borderColor: 'divider', mb: 2 }} />
      )}
      <Box
        className="lesson-content"
        sx={{
          '& img': { maxHeight: 400, maxWidth: '100%', height: 'auto' },
          '& pre': { bgcolor: 'grey.100', p: 1.5, borderRadius: 1, overflowX: 'auto' },
          '& code': { fontFamily: 'monospace' },
        }}
        dangerouslySetInnerHTML={{ __html: DOMPurify.sanitize(lesson.content ?? '') }}
      />
    </Box>
  );
}
