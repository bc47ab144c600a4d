import { Box, Table, TableBody, TableCell, TableContainer, TableFooter, TableHead, TableRow, Typography, useMediaQuery, type Theme } from '@mui/material';
import type { ReactNode } from 'react';

export interface TableColumn<R> {
  label: string;
  /** Figures line up on the right in the table. */
  numeric?: boolean;
  render: (row: R) => ReactNode;
}

/**
 * A small table of figures: a table from the sm breakpoint up, and on a
 * phone one card per row (the first column as its title, then each other
 * column as "label: value"), so nothing is wider than the screen and no
 * row has to be swiped sideways. A `footer` row (totals) closes the table,
 * in bold; on a phone it is the last card.
 */
export function ResponsiveTable<R>({
  rows,
  columns,
  rowKey,
  labelledBy,
  footer,
}: {
  rows: R[];
  columns: TableColumn<R>[];
  rowKey: (row: R) => string;
  labelledBy: string;
  footer?: R;
}) {
  const phone = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'));
  const [title, ...facts] = columns;
  if (phone) {
    const card = (row: R, key: string) => (
      <Box component="li" key={key} sx={{ border: 1, borderColor: 'divider', borderRadius: 1, p: 1.5, minWidth: 0 }}>
        <Typography variant="subtitle2" component="p" sx={{ overflowWrap: 'anywhere' }}>
          {title!.render(row)}
        </Typography>
        <Box component="dl" sx={{ m: 0, mt: 0.5, display: 'grid', gridTemplateColumns: 'auto minmax(0, 1fr)', columnGap: 2, rowGap: 0.25 }}>
          {facts.map((column) => (
            <Box key={column.label} sx={{ display: 'contents' }}>
              <Typography component="dt" variant="body2" color="text.secondary">
                {column.label}
              </Typography>
              <Typography component="dd" variant="body2" sx={{ m: 0, textAlign: 'right', overflowWrap: 'anywhere' }}>
                {column.render(row)}
              </Typography>
            </Box>
          ))}
        </Box>
      </Box>
    );
    return (
      <Box component="ul" aria-labelledby={labelledBy} sx={{ listStyle: 'none', m: 0, p: 0, display: 'grid', gap: 1 }}>
        {rows.map((row) => card(row, rowKey(row)))}
        {footer !== undefined && card(footer, 'footer')}
      </Box>
    );
  }
  return (
    <TableContainer>
      <Table size="small" aria-labelledby={labelledBy}>
        <TableHead>
          <TableRow>
            {columns.map((column) => (
              <TableCell key={column.label} align={column.numeric ? 'right' : 'left'}>
                {column.label}
              </TableCell>
            ))}
          </TableRow>
        </TableHead>
        <TableBody>
          {rows.map((row) => (
            <TableRow key={rowKey(row)}>
              {columns.map((column) => (
                <TableCell key={column.label} align={column.numeric ? 'right' : 'left'}>
                  {column.render(row)}
                </TableCell>
              ))}
            </TableRow>
          ))}
        </TableBody>
        {footer !== undefined && (
          <TableFooter>
            <TableRow>
              {columns.map((column) => (
                <TableCell key={column.label} variant="body" align={column.numeric ? 'right' : 'left'} sx={{ fontWeight: 700 }}>
                  {column.render(footer)}
                </TableCell>
              ))}
            </TableRow>
          </TableFooter>
        )}
      </Table>
    </TableContainer>
  );
}
