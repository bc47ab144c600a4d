import { SetMetadata } from '@nestjs/common';

export const IS_PUBLIC = 'auth:public';

/** Open endpoint: no token needed (a valid token, when sent, still identifies the caller). */
export const Public = (): MethodDecorator & ClassDecorator => SetMetadata(IS_PUBLIC, true);
