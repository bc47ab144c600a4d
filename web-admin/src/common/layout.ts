/** A list whose table is wider than a phone scrolls sideways inside its card instead of widening the page. */
export const WIDE_TABLE = { '& .RaList-main': { minWidth: 0 }, '& .RaList-content': { overflowX: 'auto' } };
