import { randomBytes } from 'node:crypto';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { DataSource } from 'typeorm';

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
  const [{ id }] = await db.query(`INSERT INTO media (stored_name, original_name, mime_type, size) VALUES ($1, $2, $3, $4) RETURNING id`, [stored, name, mimeType, bytes.length]);
  return { id, url: `/media/${stored}` };
}

export async function createContentItem(db: DataSource, seed: ContentSeed): Promise<number> {
  const media = seed.file ? await createMedia(db, seed.file.mediaDir, seed.file.bytes, seed.file.name, seed.file.mimeType) : null;
  const [{ id }] = await db.query(
    `INSERT INTO content_items (title, type, category, tags, published, date_added, file_url, media_id, size_bytes)
     VALUES ($1, $2, $3, $4, $5, CURRENT_DATE - $6::int, $7, $8, $9) RETURNING id`,
    [
      seed.title,
      seed.type ?? 'document',
      seed.category ?? 'business',
      seed.tags ?? [],
      seed.published ?? true,
      seed.daysAgo ?? 0,
      media?.url ?? seed.fileUrl ?? '',
      media?.id ?? null,
      seed.file ? seed.file.bytes.length : null,
    ],
  );
  return id;
}

export async function createToolCategory(db: DataSource, title: string, tools: Array<{ name: string; published?: boolean }> = [], published = true): Promise<number> {
  const [{ id }] = await db.query(`INSERT INTO tool_categories (title, icon, published) VALUES ($1, 'box', $2) RETURNING id`, [title, published]);
  for (const [i, tool] of tools.entries()) {
    await db.query(`INSERT INTO tools (category_id, name, website, sort_order, published) VALUES ($1, $2, 'https://tool.example.com', $3, $4)`, [
      id,
      tool.name,
      i,
      tool.published ?? true,
    ]);
  }
  return id;
}
