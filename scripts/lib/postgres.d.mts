export interface ResolvedPostgres {
  url: string;
  /** The cluster's folder (embedded server only). */
  dir?: string;
  /** True when an embedded server already running was used (and is left running). */
  attached?: boolean;
  stop(): Promise<void>;
}

export function resolvePostgres(
  env: Record<string, string | undefined>,
  dataDir: string,
  password: string,
  log: (message: string) => void,
  options?: { attach?: boolean; native?: string; runtimeRoot?: string },
): Promise<ResolvedPostgres>;
