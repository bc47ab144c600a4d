import { csvCell, toCsv } from './csv';

describe('csv', () => {
  it('neutralises cells a spreadsheet would run as formulas', () => {
    expect(csvCell('=HYPERLINK("http://x")')).toBe(`"'=HYPERLINK(""http://x"")"`);
    expect(csvCell('+1')).toBe("'+1");
    expect(csvCell('-2')).toBe("'-2");
    expect(csvCell('@SUM(A1)')).toBe("'@SUM(A1)");
  });

  it('keeps numbers, quotes separators and writes CRLF rows', () => {
    expect(csvCell(-5)).toBe('-5');
    expect(toCsv(['a', 'b'], [['x, y', 'plain']])).toBe('a,b\r\n"x, y",plain\r\n');
  });
});
