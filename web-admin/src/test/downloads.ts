import { afterEach, beforeEach, vi } from 'vitest';

/**
 * The file names the browser was asked to save (saveBlob's link clicks),
 * for a spec's downloads: call at the top of the spec file; the list is
 * emptied before each test and the stubs removed after it.
 */
export function captureDownloads(): string[] {
  const saved: string[] = [];
  beforeEach(() => {
    saved.length = 0;
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL: () => 'blob:download', revokeObjectURL: () => undefined }));
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      saved.push(this.download);
    });
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });
  return saved;
}
