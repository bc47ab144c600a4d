export function ipnBody(paymentId: string, status: string, over?: Record<string, unknown>): string;
export function canonicalIpn(body: string): string;
