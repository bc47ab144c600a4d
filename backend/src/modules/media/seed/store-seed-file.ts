import { randomBytes } from 'node:crypto';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { EntityManager } from 'typeorm';
import type { SeedContext } from '../../../database/seeds/seed-runner';
import { insertMedia } from '../media.repository';
import { isPublicMediaType, MEDIA_URL_PREFIX } from '../media.service';

/** Stores a generated demo file exactly as an upload would be stored (paid files in the private folder), so its size is real and it downloads. */
export async function storeSeedFile(
  manager: EntityManager,
  dirs: SeedContext,
  file: { name: string; mimeType: string; extension: string; content: Buffer },
): Promise<{ id: string; url: string; size: number }> {
  const isPrivate = !isPublicMediaType(file.mimeType);
  const dir = isPrivate ? dirs.privateMediaDir : dirs.mediaDir;
  mkdirSync(dir, { recursive: true });
  const storedName = `${randomBytes(16).toString('hex')}.${file.extension}`;
  writeFileSync(join(dir, storedName), file.content);
  const row = await insertMedia(manager, {
    storedName,
    originalName: file.name,
    mimeType: file.mimeType,
    size: file.content.length,
    uploadedBy: null,
    private: isPrivate,
  });
  return { id: row.id, url: `${MEDIA_URL_PREFIX}${storedName}`, size: file.content.length };
}
