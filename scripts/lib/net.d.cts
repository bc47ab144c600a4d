export function freePort(): Promise<number>;
export function portOpen(port: number, host?: string, timeoutMs?: number): Promise<boolean>;
export function redisAnswers(port: number, host?: string, timeoutMs?: number): Promise<boolean>;
export function waitFor(check: () => boolean | Promise<boolean>, options?: { timeoutMs?: number; intervalMs?: number; what?: string }): Promise<void>;
