import { Inject, Injectable, Logger } from '@nestjs/common';
import type { ConfigType } from '@nestjs/config';
import type { MultipartFile } from '@fastify/multipart';
import { randomBytes } from 'node:crypto';
import { once } from 'node:events';
import { createReadStream, createWriteStream, mkdirSync, type ReadStream, type WriteStream } from 'node:fs';
import { access, rename, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { DataSource } from 'typeorm';
import type { AuthUser } from '../../common/auth/auth-user';
import { ApiError } from '../../common/errors/api-error';
import { mediaConfig } from '../../config';
import { TransactionRunner } from '../../events/transaction-runner';
import { AuditService } from '../audit/audit.service';
import { detectFileType, formatBytes, SNIFF_BYTES, ALLOWED_DESCRIPTION, type AllowedFileType } from './file-types';
import { MediaError } from './media.error';

export interface MediaFile {
  id: string;
  url: string;
  name: string;
  mimeType: string;
  size: number;
}

interface MediaRow {
  id: string;
  stored_name: string;
  original_name: string;
  mime_type: string;
  size: string;
}

export const MEDIA_URL_PREFIX = '/media/';
const STORED_NAME = /^[a-f0-9]{32}\.[a-z]{3,4}$/;

const toFile = (row: MediaRow): MediaFile => ({
  id: row.id,
  url: `${MEDIA_URL_PREFIX}${row.stored_name}`,
  name: row.original_name,
  mimeType: row.mime_type,
  size: Number(row.size),
});

/**
 * Uploaded files: checked by content against the allow-list, size-limited
 * per type while streaming (nothing oversized is kept), stored under a
 * random name in the media folder, which is served at /media/.
 */
@Injectable()
export class MediaService {
  private readonly logger = new Logger(MediaService.name);

  constructor(
    private readonly dataSource: DataSource,
    private readonly tx: TransactionRunner,
    private readonly audit: AuditService,
    @Inject(mediaConfig.KEY) private readonly config: ConfigType<typeof mediaConfig>,
  ) {}

  async store(part: MultipartFile, actor: AuthUser): Promise<MediaFile> {
    mkdirSync(this.config.dir, { recursive: true });
    const random = randomBytes(16).toString('hex');
    const temporary = join(this.config.dir, `.upload-${random}`);
    const out = createWriteStream(temporary);
    let type: AllowedFileType | undefined;
    let head = Buffer.alloc(0);
    let size = 0;
    try {
      for await (const chunk of part.file as AsyncIterable<Buffer>) {
        size += chunk.length;
        if (!type) {
          head = Buffer.concat([head, chunk]);
          if (head.length >= SNIFF_BYTES) type = this.recognise(head);
        }
        if (type && size > type.maxBytes) throw MediaError.tooLarge(type.label, formatBytes(type.maxBytes));
        if (!out.write(chunk)) await once(out, 'drain');
      }
      if (size === 0) throw MediaError.empty();
      type ??= this.recognise(head);
      if (part.file.truncated) throw MediaError.tooLarge(type.label, formatBytes(type.maxBytes));
      out.end();
      await once(out, 'finish');
    } catch (err) {
      await discard(out, temporary);
      await drain(part);
      throw err;
    }

    const storedName = `${random}.${type.extension}`;
    await rename(temporary, join(this.config.dir, storedName));
    const originalName = safeOriginalName(part.filename, type.extension);
    try {
      return await this.tx.run(async (tx) => {
        const rows: MediaRow[] = await tx.manager.query(
          `INSERT INTO media (stored_name, original_name, mime_type, size, uploaded_by) VALUES ($1, $2, $3, $4, $5)
           RETURNING id, stored_name, original_name, mime_type, size`,
          [storedName, originalName, type!.mimeType, size, actor.id],
        );
        const file = toFile(rows[0]);
        await this.audit.record(tx.manager, {
          actor,
          action: 'create',
          resource: 'media',
          resourceId: file.id,
          summary: `Uploaded ${file.name} (${type!.label}, ${formatBytes(size)})`,
          after: { url: file.url, name: file.name, mimeType: file.mimeType, size },
        });
        return file;
      });
    } catch (err) {
      this.logger.error({ err, storedName }, 'Could not record an upload; removing its file');
      await rm(join(this.config.dir, storedName), { force: true });
      throw err;
    }
  }

  /** The uploaded file behind a /media/... address, if it is one of ours. */
  async findByUrl(url: string): Promise<MediaFile | null> {
    if (!url.startsWith(MEDIA_URL_PREFIX)) return null;
    const name = url.slice(MEDIA_URL_PREFIX.length);
    if (!STORED_NAME.test(name)) return null;
    const rows: MediaRow[] = await this.dataSource.query(
      'SELECT id, stored_name, original_name, mime_type, size FROM media WHERE stored_name = $1',
      [name],
    );
    return rows[0] ? toFile(rows[0]) : null;
  }

  async findById(id: string): Promise<MediaFile | null> {
    const rows: MediaRow[] = await this.dataSource.query('SELECT id, stored_name, original_name, mime_type, size FROM media WHERE id = $1', [id]);
    return rows[0] ? toFile(rows[0]) : null;
  }

  /** Opens an uploaded file for streaming; a file gone from the disk is a 404, not a broken stream. */
  async open(file: MediaFile): Promise<ReadStream> {
    const path = join(this.config.dir, file.url.slice(MEDIA_URL_PREFIX.length));
    try {
      await access(path);
    } catch {
      this.logger.error({ mediaId: file.id, path }, 'An uploaded file is missing from the media folder');
      throw ApiError.notFound('The file is missing from storage');
    }
    return createReadStream(path);
  }

  private recognise(head: Buffer): AllowedFileType {
    const type = detectFileType(head);
    if (!type) throw MediaError.unsupported(ALLOWED_DESCRIPTION);
    return type;
  }
}

/** Closes the partial file (an open still pending would otherwise recreate it) and removes it. */
async function discard(out: WriteStream, path: string): Promise<void> {
  if (!out.closed) {
    const closed = once(out, 'close').catch(() => undefined);
    out.destroy();
    await closed;
  }
  await rm(path, { force: true });
}

/** Reads and drops the rest of a refused upload, so the client gets our answer rather than a reset connection. */
async function drain(part: MultipartFile): Promise<void> {
  if (part.file.readableEnded || part.file.destroyed) return;
  part.file.resume();
  await once(part.file, 'end').catch(() => undefined);
}

/** The name shown to people: no path, no control characters, and the extension of what the file really is. */
function safeOriginalName(given: string | undefined, extension: string): string {
  // eslint-disable-next-line no-control-regex -- control characters are exactly what this strips
  const base = (given ?? '').split(/[\\/]/).pop()!.replace(/[\u0000-\u001f\u007f"]/g, '').trim().slice(0, 200);
  const stem = base.replace(/\.[^.]*$/, '') || 'file';
  return `${stem}.${extension}`;
}
