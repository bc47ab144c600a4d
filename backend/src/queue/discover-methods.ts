import type { DiscoveryService, MetadataScanner, Reflector } from '@nestjs/core';

export interface DiscoveredMethod<M> {
  meta: M;
  /** The method bound to its provider instance. */
  call: (...args: never[]) => Promise<unknown>;
  where: string;
}

/** Every method of every provider marked with `key` (by a SetMetadata-based method decorator). */
export function discoverMethods<M>(discovery: DiscoveryService, scanner: MetadataScanner, reflector: Reflector, key: string): Array<DiscoveredMethod<M>> {
  const found: Array<DiscoveredMethod<M>> = [];
  for (const wrapper of discovery.getProviders()) {
    const instance: unknown = wrapper.instance;
    if (!instance || typeof instance !== 'object' || wrapper.isNotMetatype) continue;
    const prototype = Object.getPrototypeOf(instance) as object;
    for (const name of scanner.getAllMethodNames(prototype)) {
      const method = (instance as Record<string, unknown>)[name];
      if (typeof method !== 'function') continue;
      const meta = reflector.get<M | undefined>(key, method as (...args: unknown[]) => unknown);
      if (meta === undefined) continue;
      found.push({ meta, call: (method as (...args: never[]) => Promise<unknown>).bind(instance), where: `${instance.constructor.name}.${name}` });
    }
  }
  return found;
}
