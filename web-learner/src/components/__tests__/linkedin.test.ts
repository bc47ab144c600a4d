import { describe, expect, it } from 'vitest';
import { linkedInAddToProfileUrl } from '../linkedin';

describe('linkedInAddToProfileUrl', () => {
  it('prefills the certification name, organisation, issue month, verification address and id', () => {
    const url = new URL(
      linkedInAddToProfileUrl({
        id: 'abc123def456',
        courseTitle: 'Verified Skills & More',
        siteName: 'Affiliate Academy',
        issuedAt: '2026-11-29T10:00:00.000Z',
        verifyUrl: 'https://academy.example/certificates/abc123def456',
      }),
    );
    expect(url.origin + url.pathname).toBe('https://www.linkedin.com/profile/add');
    expect(Object.fromEntries(url.searchParams)).toEqual({
      startTask: 'CERTIFICATION_NAME',
      name: 'Verified Skills & More',
      organizationName: 'Affiliate Academy',
      issueYear: '2026',
      issueMonth: '11',
      certUrl: 'https://academy.example/certificates/abc123def456',
      certId: 'abc123def456',
    });
  });
});
