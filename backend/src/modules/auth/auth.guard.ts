import { CanActivate, ExecutionContext, HttpStatus, Injectable } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import type { FastifyRequest } from 'fastify';
import { OPEN_DURING_MAINTENANCE, REQUIRES_ACCESS } from '../../common/auth/decorators';
import { IS_PUBLIC } from '../../common/auth/public.decorator';
import { ApiError } from '../../common/errors/api-error';
import { routePattern } from '../../common/http/route-pattern';
import { SettingsService } from '../settings/settings.service';
import { AccessService } from '../users/access.service';
import { SessionTokens } from './session-tokens.service';

const isAdminPath = (path: string): boolean => path === '/api/admin' || path.startsWith('/api/admin/');

export const MAINTENANCE_MESSAGE = 'The platform is under maintenance. Please try again in a few minutes.';

/**
 * The one gate every API route passes:
 * - a bearer token, when sent, must be valid (public routes ignore a bad one);
 * - routes are private unless marked @Public();
 * - /api/admin/* needs an admin signed in through the admin portal (401 without a token, 403 otherwise);
 * - while maintenance mode is on, learner routes answer 503 (admins keep working);
 * - @RequiresAccess() routes need an active lifetime entitlement.
 */
@Injectable()
export class AuthGuard implements CanActivate {
  constructor(
    private readonly reflector: Reflector,
    private readonly tokens: SessionTokens,
    private readonly access: AccessService,
    private readonly settings: SettingsService,
  ) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    if (context.getType() !== 'http') return true;
    const request = context.switchToHttp().getRequest<FastifyRequest>();
    const targets = [context.getHandler(), context.getClass()];
    const isPublic = this.reflector.getAllAndOverride<boolean>(IS_PUBLIC, targets) ?? false;

    const header = request.headers.authorization;
    const token = typeof header === 'string' && header.startsWith('Bearer ') ? header.slice(7).trim() : undefined;
    if (token) {
      try {
        request.user = await this.tokens.authenticate(token);
      } catch (err) {
        if (!isPublic) throw err;
      }
    }
    const user = request.user;
    if (!isPublic && !user) throw ApiError.unauthorized('Authentication required: please sign in');

    const isAdminRoute = isAdminPath(routePattern(request));
    if (isAdminRoute && !isPublic) {
      if (user!.role !== 'admin') throw ApiError.forbidden('Administrators only');
      if (user!.kind !== 'admin') throw ApiError.forbidden('Sign in through the admin portal to use the admin console');
      return true;
    }

    const openDuringMaintenance = this.reflector.getAllAndOverride<boolean>(OPEN_DURING_MAINTENANCE, targets) ?? false;
    if (!openDuringMaintenance && user?.role !== 'admin' && (await this.settings.get('system')).maintenanceMode) {
      throw new ApiError(HttpStatus.SERVICE_UNAVAILABLE, MAINTENANCE_MESSAGE, { code: 'MAINTENANCE' });
    }

    if (this.reflector.getAllAndOverride<boolean>(REQUIRES_ACCESS, targets) && user && user.role !== 'admin') {
      if (!(await this.access.hasAccess(user.id))) {
        throw ApiError.forbidden('Lifetime access is required for this content. Get access on the payment page.');
      }
    }
    return true;
  }
}
