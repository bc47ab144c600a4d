import { Injectable, type Type } from '@nestjs/common';
import { METHOD_METADATA, PATH_METADATA } from '@nestjs/common/constants';
import { ModulesContainer, Reflector } from '@nestjs/core';
import { apiKeyResource, resourceLabel } from '../../../common/auth/api-key-routes';
import { ADMIN_ONLY } from '../../../common/auth/decorators';
import { IS_PUBLIC } from '../../../common/auth/public.decorator';
import { API_PREFIX } from '../../../common/http/api-prefix';

const paths = (value: unknown): string[] => (Array.isArray(value) ? value.map(String) : [String(value ?? '')]);
const join = (...parts: string[]): string =>
  `/${parts
    .flatMap((p) => p.split('/'))
    .filter(Boolean)
    .join('/')}`;

/**
 * The resources an API key may be given, read from the routes themselves
 * (every @AdminOnly() route the guard lets a key call, by its first path
 * segment after /api/admin/), so the catalogue cannot drift from the API.
 */
@Injectable()
export class ApiKeyCatalogue {
  private resources?: string[];

  constructor(
    private readonly modules: ModulesContainer,
    private readonly reflector: Reflector,
  ) {}

  list(): string[] {
    this.resources ??= this.read();
    return this.resources;
  }

  has(resource: string): boolean {
    return this.list().includes(resource);
  }

  withLabels(): Array<{ resource: string; label: string }> {
    return this.list().map((resource) => ({ resource, label: resourceLabel(resource) }));
  }

  private read(): string[] {
    const found = new Set<string>();
    for (const module of this.modules.values()) {
      for (const wrapper of module.controllers.values()) {
        const controller = wrapper.metatype as Type<unknown> | null;
        if (!controller) continue;
        for (const name of Object.getOwnPropertyNames(controller.prototype)) {
          const handler = (controller.prototype as Record<string, unknown>)[name];
          // Route handlers only (the class itself, as the prototype's constructor, carries the controller's path).
          if (name === 'constructor' || typeof handler !== 'function' || Reflect.getMetadata(METHOD_METADATA, handler) === undefined) continue;
          const methodPath = Reflect.getMetadata(PATH_METADATA, handler) as unknown;
          if (methodPath === undefined) continue;
          const targets = [handler, controller];
          if (this.reflector.getAllAndOverride<boolean>(IS_PUBLIC, targets)) continue;
          if (!this.reflector.getAllAndOverride<boolean>(ADMIN_ONLY, targets)) continue;
          for (const base of paths(Reflect.getMetadata(PATH_METADATA, controller)))
            for (const sub of paths(methodPath)) {
              const resource = apiKeyResource(join(API_PREFIX, base, sub));
              if (resource) found.add(resource);
            }
        }
      }
    }
    return [...found].sort();
  }
}
