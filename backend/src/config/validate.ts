import { plainToInstance, type ClassConstructor } from 'class-transformer';
import { validateSync } from 'class-validator';

/**
 * Validates one configuration namespace at boot. A bad value stops the
 * process with a message naming the environment variable, so a
 * misconfigured deployment never half-starts.
 */
export function validateNamespace<T extends object>(
  namespace: string,
  cls: ClassConstructor<T>,
  raw: Record<string, unknown>,
  envNames: Partial<Record<keyof T, string>> = {},
): T {
  const defined = Object.fromEntries(Object.entries(raw).filter(([, v]) => v !== undefined));
  const instance = plainToInstance(cls, defined);
  const errors = validateSync(instance, { forbidUnknownValues: false });
  if (errors.length > 0) {
    const lines = errors.map((e) => {
      const env = envNames[e.property as keyof T];
      const constraints = Object.values(e.constraints ?? {}).join('; ');
      return `  ${env ?? `${namespace}.${e.property}`}: ${constraints}`;
    });
    throw new Error(`Invalid configuration (${namespace}):\n${lines.join('\n')}`);
  }
  return instance;
}

export function intFromEnv(value: string | undefined, fallback: number): number {
  if (value === undefined || value === '') return fallback;
  const parsed = Number(value);
  return Number.isInteger(parsed) ? parsed : Number.NaN;
}

export function boolFromEnv(value: string | undefined, fallback: boolean): boolean {
  if (value === undefined || value === '') return fallback;
  return ['1', 'true', 'yes', 'on'].includes(value.toLowerCase());
}

export const isProduction = (): boolean => process.env.NODE_ENV === 'production';
