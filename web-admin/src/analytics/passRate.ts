/** A quiz pass rate in percent as the page shows it ("72.5%"); a dash when there was no attempt to rate. */
export const passRateText = (rate: number | null): string => (rate === null ? '\u2014' : `${rate.toFixed(1)}%`);
