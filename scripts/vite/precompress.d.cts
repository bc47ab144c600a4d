import type { Plugin } from 'vite';

export const PRECOMPRESS_MIN_BYTES: number;
export function precompressDir(dir: string): Promise<string[]>;
export function precompressFiles(files: string[]): Promise<string[]>;
export function precompress(): Plugin;
