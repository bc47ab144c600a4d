import { Pagination, useListContext, type PaginationProps } from 'react-admin';

const compact = new Intl.NumberFormat('en-US', { notation: 'compact', maximumFractionDigits: 1 });

/** How a grid states its size: exact totals in full ("1,234,567"), estimates rounded and said so ("about 1.2M"). */
export function totalLabel(total: number, estimated: boolean): string {
  return estimated ? `about ${compact.format(total)}` : total.toLocaleString('en-US');
}

/**
 * The pagination of the grids that grow large (users, payments, audit log).
 * A small list has its exact total and numbered pages, as everywhere else.
 * A large one pages previous / next (each next page an index seek, however
 * deep) and states its total from the answer's meta: exact, or the
 * database's estimate shown as one.
 */
export function ScalePagination(props: PaginationProps) {
  const { meta } = useListContext();
  const size = meta as { total?: number; estimated?: boolean } | undefined;
  const labelDisplayedRows =
    size?.total !== undefined
      ? ({ from, to }: { from: number; to: number }) => `${from}-${to} of ${totalLabel(size.total!, Boolean(size.estimated))}`
      : undefined;
  return <Pagination {...props} {...(labelDisplayedRows && { labelDisplayedRows })} />;
}
