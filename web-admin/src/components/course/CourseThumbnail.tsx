import SchoolIcon from '@mui/icons-material/School';
import { Box } from '@mui/material';
import { useState } from 'react';

/** The course image, or a placeholder when there is none or it fails to load. */
export function CourseThumbnail({ src, alt, height = 160 }: { src?: string | null; alt: string; height?: number }) {
  const [failed, setFailed] = useState<string | null>(null);
  if (!src || failed === src)
    return (
      <Box
        role="img"
        aria-label={`${alt} (no image)`}
        sx={{ height, display: 'flex', alignItems: 'center', justifyContent: 'center', bgcolor: 'grey.200', color: 'grey.600' }}
      >
        <SchoolIcon sx={{ fontSize: 56 }} />
      </Box>
    );
  return <Box component="img" src={src} alt={alt} onError={() => setFailed(src)} sx={{ height, width: '100%', objectFit: 'cover', display: 'block' }} />;
}
