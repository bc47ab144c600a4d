/**
 * LinkedIn's "add to profile" address for a certificate: the certification's
 * name (the course), the issuing organisation (the site), the issue month,
 * the verification address and the certificate id, prefilled.
 */
export function linkedInAddToProfileUrl(c: { id: string; courseTitle: string; siteName: string; issuedAt: string; verifyUrl: string }): string {
  const issued = new Date(c.issuedAt);
  const params = new URLSearchParams({
    startTask: 'CERTIFICATION_NAME',
    name: c.courseTitle,
    organizationName: c.siteName,
    issueYear: String(issued.getUTCFullYear()),
    issueMonth: String(issued.getUTCMonth() + 1),
    certUrl: c.verifyUrl,
    certId: c.id,
  });
  return `https://www.linkedin.com/profile/add?${params.toString()}`;
}
