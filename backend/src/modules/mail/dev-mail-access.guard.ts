import { type CanActivate, type ExecutionContext, Injectable } from '@nestjs/common';
import type { FastifyRequest } from 'fastify';
import { isIP } from 'node:net';
import { hasAdminPower } from '../../common/auth/admin-power';
import { CommonError } from '../../common/errors/common.error';

/** 127.0.0.0/8 and ::1, also as IPv4-mapped IPv6 (::ffff:127.0.0.1). */
export function isLoopbackAddress(address: string | undefined): boolean {
  if (!address) return false;
  const plain = address.toLowerCase().replace(/^::ffff:(?=\d+\.\d+\.\d+\.\d+$)/, '');
  if (isIP(plain) === 4) return plain.startsWith('127.');
  return plain === '::1' || plain === '0:0:0:0:0:0:0:1';
}

/**
 * The captured-mail viewer holds every reset and sign-in link the product
 * "sent": it is served to the developer's own machine, or to an
 * administrator's session, and to nobody else on the network. "The local
 * machine" is the TCP peer of the socket, never X-Forwarded-For (even with
 * TRUST_PROXY, a client writes that header itself), and a request a local
 * reverse proxy forwarded (it says so in Forwarded / X-Forwarded-For) is not
 * local either: it came from wherever the proxy's client is. Anyone else
 * gets the same 404 as in production, so the viewer's existence is not
 * revealed to a scanner.
 */
@Injectable()
export class DevMailAccessGuard implements CanActivate {
  canActivate(context: ExecutionContext): boolean {
    const request = context.switchToHttp().getRequest<FastifyRequest>();
    const user = request.user;
    const adminSession = hasAdminPower(user);
    const forwarded = request.headers.forwarded !== undefined || request.headers['x-forwarded-for'] !== undefined;
    const local = isLoopbackAddress(request.raw.socket?.remoteAddress) && !forwarded;
    if (!local && !adminSession) throw CommonError.notFound('Not found');
    return true;
  }
}
