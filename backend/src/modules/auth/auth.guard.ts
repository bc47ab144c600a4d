import { CanActivate, ExecutionContext, Injectable } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import type { FastifyRequest } from 'fastify';
import { hasAdminPower, isAdminAccount } from '../../common/auth/admin-power';
import { accessOfMethod, API_KEY_PREFIX, apiKeyResource } from '../../common/auth/api-key-routes';
import type { AuthUser } from '../../common/auth/auth-user';
import { ADMIN_ONLY, OPEN_DURING_MAINTENANCE, REQUIRES_ACCESS, SIGNED_LINK, type SignedLinkSpec } from '../../common/auth/decorators';
import { IS_PUBLIC } from '../../common/auth/public.decorator';
import { LINK_SESSION_KIND, parseLinkParams, SignedLinks } from '../../common/auth/signed-links';
import { CommonError } from '../../common/errors/common.error';
import { routePattern } from '../../common/http/route-pattern';
import { SettingsService } from '../settings';
import { UsersService } from '../users';
import { ApiKeys } from './api-keys/api-keys.service';
import { AuthError } from './auth.error';
import { SessionTokens, toAuthUser } from './session-tokens.service';

export const API_KEY_NOT_ACCEPTED = 'API keys are not accepted on this route';

/**
 * The one gate every API route passes:
 * - a bearer token, when sent, must be valid (public routes ignore a bad one);
 * - routes are private unless marked @Public();
 * - @SignedLinkAuth() routes accept, instead of a token, a signed link whose holder is still active in the same session generation;
 * - @AdminOnly() routes need an admin signed in through the admin portal (401 without a token, 403 otherwise);
 * - an API key (`Bearer cpk_…`) is taken on @AdminOnly() routes under /api/admin/ only, never on the key routes nor the
 *   sign-in, session and two-factor ones (401 elsewhere; public routes ignore it): it acts as the admin who created it,
 *   within its scopes (403 outside them), at its rate (429);
 * - while maintenance mode is on, learner routes answer 503 (admins keep working);
 * - @RequiresAccess() routes need an active lifetime entitlement (admins always pass).
 */
@Injectable()
export class AuthGuard implements CanActivate {
  constructor(
    private readonly reflector: Reflector,
    private readonly tokens: SessionTokens,
    private readonly links: SignedLinks,
    private readonly users: UsersService,
    private readonly settings: SettingsService,
    private readonly apiKeys: ApiKeys,
  ) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    if (context.getType() !== 'http') return true;
    const request = context.switchToHttp().getRequest<FastifyRequest>();
    const targets = [context.getHandler(), context.getClass()];
    const isPublic = this.reflector.getAllAndOverride<boolean>(IS_PUBLIC, targets) ?? false;

    const header = request.headers.authorization;
    const token = typeof header === 'string' && header.startsWith('Bearer ') ? header.slice(7).trim() : undefined;
    if (token?.startsWith(API_KEY_PREFIX)) {
      if (!isPublic) request.user = await this.apiKeyHolder(token, request, targets);
    } else if (token) {
      try {
        const caller = await this.tokens.authenticate(token);
        // An admin session signed in without a second factor ends once one is required (however recent the token).
        if (caller.kind === 'admin' && !caller.session?.secondFactor && (await this.settings.get('security')).twoFactorEnabled) {
          throw AuthError.secondFactorRequired();
        }
        request.user = caller;
      } catch (err) {
        if (!isPublic) throw err;
      }
    }
    const link = this.reflector.getAllAndOverride<SignedLinkSpec | undefined>(SIGNED_LINK, targets);
    if (link && !request.user) request.user = await this.linkHolder(link, request);
    const user = request.user;
    if (!isPublic && !user) throw CommonError.unauthenticated('Authentication required: please sign in');

    if (!isPublic && this.reflector.getAllAndOverride<boolean>(ADMIN_ONLY, targets)) {
      if (!isAdminAccount(user!)) throw CommonError.forbidden('Administrators only');
      if (!hasAdminPower(user)) throw AuthError.adminPortalRequired();
      return true;
    }

    const openDuringMaintenance = this.reflector.getAllAndOverride<boolean>(OPEN_DURING_MAINTENANCE, targets) ?? false;
    if (!openDuringMaintenance && !hasAdminPower(user) && (await this.settings.get('system')).maintenanceMode) {
      throw AuthError.maintenance();
    }

    if (this.reflector.getAllAndOverride<boolean>(REQUIRES_ACCESS, targets) && user && !user.hasAccess) throw AuthError.accessRequired();
    return true;
  }

  /** The admin behind an API key, on a route a key may call (decided on the matched route pattern, before the key is looked at). */
  private async apiKeyHolder(token: string, request: FastifyRequest, targets: Parameters<Reflector['getAllAndOverride']>[1]): Promise<AuthUser> {
    const adminOnly = this.reflector.getAllAndOverride<boolean>(ADMIN_ONLY, targets) ?? false;
    const resource = adminOnly ? apiKeyResource(routePattern(request)) : null;
    if (!resource) throw CommonError.unauthenticated(API_KEY_NOT_ACCEPTED);
    return this.apiKeys.authenticate(token, resource, accessOfMethod(request.method));
  }

  /**
   * The holder of a genuine, unexpired signed link, honoured only while they
   * still may: active, in the same session generation as when the link was
   * made (sign out everywhere, a password reset or a suspension end it), and
   * not signed out of the session that asked for it.
   */
  private async linkHolder(spec: SignedLinkSpec, request: FastifyRequest): Promise<AuthUser> {
    const query = (request.query ?? {}) as Record<string, unknown>;
    const params = (request.params ?? {}) as Record<string, unknown>;
    const raw = 'param' in spec.item ? params[spec.item.param] : query[spec.item.query];
    if (typeof raw !== 'string' || raw === '') throw CommonError.invalid('The download link is not valid');
    const link = parseLinkParams(query);
    const holder = this.links.verify(spec.kind, raw, link);
    const [user, ended] = await Promise.all([this.users.findById(holder.userId), this.tokens.sessionEnded(holder.session)]);
    if (!user || user.status !== 'active' || user.token_version !== holder.tokenVersion || ended) throw AuthError.linkEnded();
    return toAuthUser(user, { kind: LINK_SESSION_KIND[spec.kind], jti: holder.session, exp: link.exp! });
  }
}
