import { applyDecorators, createParamDecorator, SetMetadata, type ExecutionContext } from '@nestjs/common';
import type { FastifyRequest } from 'fastify';
import type { AuthUser } from './auth-user';
import { IS_PUBLIC } from './public.decorator';
import type { SignedLinkKind } from './signed-links';

export const REQUIRES_ACCESS = 'auth:requires-access';
export const ADMIN_ONLY = 'auth:admin-only';
export const OPEN_DURING_MAINTENANCE = 'auth:open-during-maintenance';
export const SIGNED_LINK = 'auth:signed-link';

/**
 * An administrator's route: role admin, signed in through the admin portal
 * (an admin-kind token, so the admin session timeout and two-factor sign-in
 * apply). Whatever its path: the guard reads this mark, not the URL.
 */
export const AdminOnly = (): MethodDecorator & ClassDecorator => SetMetadata(ADMIN_ONLY, true);

/** Learner content: needs an active lifetime entitlement (admins always pass). */
export const RequiresAccess = (): MethodDecorator & ClassDecorator => SetMetadata(REQUIRES_ACCESS, true);

/** Stays available while maintenance mode is on (sign-in, public configuration). */
export const OpenDuringMaintenance = (): MethodDecorator & ClassDecorator => SetMetadata(OPEN_DURING_MAINTENANCE, true);

/** The signed-in caller; undefined on a public route called without a token. */
export const CurrentUser = createParamDecorator((_: unknown, ctx: ExecutionContext): AuthUser | undefined => {
  return ctx.switchToHttp().getRequest<FastifyRequest>().user;
});

/** Where a signed link's item id is read from: a route parameter or a query parameter. */
export interface SignedLinkSpec {
  kind: SignedLinkKind;
  item: { param: string } | { query: string };
}

/**
 * A file opened by a plain link (a new tab, a download), which carries no
 * bearer token: without one, the guard verifies the signed link (see
 * signed-links.ts) and its holder, at this moment, becomes the caller.
 * A bearer token still works. Combine with @RequiresAccess() or check the role.
 */
export const SignedLinkAuth = (kind: SignedLinkKind, item: SignedLinkSpec['item']): MethodDecorator & ClassDecorator =>
  applyDecorators(SetMetadata(IS_PUBLIC, true), SetMetadata(SIGNED_LINK, { kind, item } satisfies SignedLinkSpec));
