import { Box, Card, CardActionArea, CardContent, Grid, Typography } from '@mui/material';
import { createElement } from 'react';
import { Link } from 'react-router-dom';
import { MEMBERS_RESOURCES } from '.';

/** /admin/resources: the way into the members' resource lists. */
export default function ResourcesHub() {
  return (
    <Box sx={{ p: { xs: 1, sm: 2 } }}>
      <Grid container spacing={2}>
        {MEMBERS_RESOURCES.map((r) => (
          <Grid key={r.name} size={{ xs: 12, sm: 6, md: 3 }}>
            <Card variant="outlined" sx={{ height: '100%' }}>
              <CardActionArea component={Link} to={`/${r.name}`} sx={{ height: '100%' }}>
                <CardContent>
                  <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, mb: 1 }}>
                    {createElement(r.definition.icon, { color: 'primary', 'aria-hidden': true })}
                    <Typography component="h2" variant="subtitle1" sx={{ fontWeight: 600 }}>
                      {r.title}
                    </Typography>
                  </Box>
                  <Typography variant="body2" color="text.secondary">
                    {r.description}
                  </Typography>
                </CardContent>
              </CardActionArea>
            </Card>
          </Grid>
        ))}
      </Grid>
    </Box>
  );
}
