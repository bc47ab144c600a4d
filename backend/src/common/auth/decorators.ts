import { createParamDecorator, SetMetadata, type ExecutionContext } from '@nestjs/common';
import type { FastifyRequest } from 'fastify';
import type { AuthUser } from './auth-user';

export const REQUIRES_ACCESS = 'auth:requires-access';
export const OPEN_DURING_MAINTENANCE = 'auth:open-during-maintenance';

/** Learner content: needs an active lifetime entitlement (admins always pass). */
export const RequiresAccess = (): MethodDecorator & ClassDecorator => SetMetadata(REQUIRES_ACCESS, true);

/** Stays available while maintenance mode is on (sign-in, public configuration). */
export const OpenDuringMaintenance = (): MethodDecorator & ClassDecorator => SetMetadata(OPEN_DURING_MAINTENANCE, true);

/** The signed-in caller; undefined on a public route called without a token. */
export const CurrentUser = createParamDecorator((_: unknown, ctx: ExecutionContext): AuthUser | undefined => {
  return ctx.switchToHttp().getRequest<FastifyRequest>().user;
});
