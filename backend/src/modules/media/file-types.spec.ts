import { detectFileType, formatBytes } from './file-types';

describe('detectFileType', () => {
  it.each([
    [[0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0], 'image/png'],
    [[0xff, 0xd8, 0xff, 0xe0, 0, 0x10], 'image/jpeg'],
    [[...Buffer.from('GIF89a')], 'image/gif'],
    [[...Buffer.from('RIFF')], undefined],
    [[...Buffer.from('RIFF\x10\x00\x00\x00WEBPVP8 ', 'latin1')], 'image/webp'],
    [[...Buffer.from('RIFF\x10\x00\x00\x00WAVEfmt ', 'latin1')], undefined],
    [[...Buffer.from('%PDF-1.7\n')], 'application/pdf'],
    [[0x50, 0x4b, 0x03, 0x04, 0x14], 'application/zip'],
    [[...Buffer.from('<svg xmlns=')], undefined],
    [[...Buffer.from('MZ\x90\x00', 'latin1')], undefined],
    [[], undefined],
  ])('recognises %p as %p', (bytes, mimeType) => {
    expect(detectFileType(Buffer.from(bytes))?.mimeType).toBe(mimeType);
  });

  it('gives the size limits of the spec', () => {
    expect(detectFileType(Buffer.from('GIF87a'))?.maxBytes).toBe(5 * 1024 * 1024);
    expect(detectFileType(Buffer.from('%PDF-'))?.maxBytes).toBe(25 * 1024 * 1024);
  });
});

describe('formatBytes', () => {
  it.each([
    [0, '0 B'],
    [1536, '1.5 KB'],
    [5 * 1024 * 1024, '5 MB'],
    [2.3 * 1024 ** 3, '2.3 GB'],
    [250 * 1024 * 1024, '250 MB'],
  ])('formats %p as %p', (bytes, text) => {
    expect(formatBytes(bytes)).toBe(text);
  });
});
