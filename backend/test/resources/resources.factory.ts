import { randomBytes } from 'node:crypto';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { DataSource } from 'typeorm';
import { insertMedia } from '../../src/modules/media/media.repository';
import { CONTENT_ITEMS, TOOL_CATEGORIES, TOOLS } from '../../src/modules/resources/resource-kinds';
import { ResourceStoreRepository } from '../../src/modules/resources/resource-store.repository';

export interface ContentSeed {
  title: string;
  type?: 'video' | 'document' | 'image' | 'audio';
  category?: 'programming' | 'marketing' | 'design' | 'business';
  tags?: string[];
  published?: boolean;
  daysAgo?: number;
  fileUrl?: string;
  file?: { mediaDir: string; bytes: Buffer; name: string; mimeType: string };
}

/** Stores bytes the way an upload is stored (file under the media folder + media row). */
export async function createMedia(db: DataSource, mediaDir: string, bytes: Buffer, name: string, mimeType: string): Promise<{ id: string; url: string }> {
  mkdirSync(mediaDir, { recursive: true });
  const stored = `${randomBytes(16).toString('hex')}.${name.split('.').pop()}`;
  writeFileSync(join(mediaDir, stored), bytes);
  const { id } = await insertMedia(db.manager, { storedName: stored, originalName: name, mimeType, size: bytes.length, uploadedBy: null, private: false });
  return { id, url: `/media/${stored}` };
}

export async function createContentItem(db: DataSource, seed: ContentSeed): Promise<number> {
  const media = seed.file ? await createMedia(db, seed.file.mediaDir, seed.file.bytes, seed.file.name, seed.file.mimeType) : null;
  return new ResourceStoreRepository(db).insert(CONTENT_ITEMS, db.manager, {
    title: seed.title,
    type: seed.type ?? 'document',
    category: seed.category ?? 'business',
    tags: seed.tags ?? [],
    published: seed.published ?? true,
    date_added: new Date(Date.now() - (seed.daysAgo ?? 0) * 86_400_000).toISOString().slice(0, 10),
    file_url: media?.url ?? seed.fileUrl ?? '',
    media_id: media?.id ?? null,
    size_bytes: seed.file ? seed.file.bytes.length : null,
  });
}

export async function createToolCategory(
  db: DataSource,
  title: string,
  tools: Array<{ name: string; published?: boolean }> = [],
  published = true,
): Promise<number> {
  const store = new ResourceStoreRepository(db);
  const id = await store.insert(TOOL_CATEGORIES, db.manager, { title, icon: 'box', published });
  for (const [i, tool] of tools.entries()) {
    await store.insert(TOOLS, db.manager, {
      category_id: id,
      name: tool.name,
      website: 'https://tool.example.com',
      sort_order: i,
      published: tool.published ?? true,
    });
  }
  return id;
}
