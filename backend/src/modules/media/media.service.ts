import { Inject, Injectable, Logger, OnModuleInit } from '@nestjs/common';
import type { ConfigType } from '@nestjs/config';
import type { MultipartFile } from '@fastify/multipart';
import { randomBytes } from 'node:crypto';
import { once } from 'node:events';
import { createReadStream, createWriteStream, mkdirSync, type ReadStream, type WriteStream } from 'node:fs';
import { access, readdir, rename, rm, stat } from 'node:fs/promises';
import { dirname, join, relative } from 'node:path';
import type { AuthUser } from '../../common/auth/auth-user';
import { CommonError } from '../../common/errors/common.error';
import { mediaConfig } from '../../config';
import { TransactionRunner } from '../../events/transaction-runner';
import { AuditService } from '../audit';
import { detectFileType, formatBytes, SNIFF_BYTES, ALLOWED_DESCRIPTION, type AllowedFileType } from './file-types';
import type { MediaFile } from './dto/media-file.dto';
import { MediaError } from './media.error';
import { MediaRepository, type MediaRow } from './media.repository';

export type { MediaFile };

/** Only pictures are public (course covers, images inside lessons, testimonials); every other file is paid content. */
export const isPublicMediaType = (mimeType: string): boolean => mimeType.startsWith('image/');
const PUBLIC_EXTENSION = /\.(png|jpe?g|gif|webp|svg)$/i;
/** A /media reference to a file of ours: a stored upload or a seeded file (seed/...). */
const MEDIA_REFERENCE = /^\/media\/((?:seed\/)?[\w-]+\.[a-z0-9]{2,4})$/i;

export const MEDIA_URL_PREFIX = '/media/';
const STORED_NAME = /^[a-f0-9]{32}\.[a-z]{3,4}$/;

const toFile = (row: MediaRow): MediaFile => ({
  id: row.id,
  url: `${MEDIA_URL_PREFIX}${row.stored_name}`,
  name: row.original_name,
  mimeType: row.mime_type,
  size: Number(row.size),
  private: row.private,
});

/**
 * Uploaded files: checked by content against the allow-list, size-limited
 * per type while streaming (nothing oversized is kept), stored under a
 * random name. Images go to the public media folder, served at /media/;
 * everything else (lesson PDFs, downloads) to the private folder, which
 * nothing serves: those files go out only through signed, access-checked
 * links. At start, paid files left in the public folder by an older version
 * are moved to the private one.
 */
@Injectable()
export class MediaService implements OnModuleInit {
  private readonly logger = new Logger(MediaService.name);

  constructor(
    private readonly repository: MediaRepository,
    private readonly tx: TransactionRunner,
    private readonly audit: AuditService,
    @Inject(mediaConfig.KEY) private readonly config: ConfigType<typeof mediaConfig>,
  ) {}

  async onModuleInit(): Promise<void> {
    const moved = await this.movePaidFilesOutOfPublicFolder().catch((err: Error) => {
      this.logger.error({ err: err.message }, 'Could not move paid files out of the public media folder');
      return 0;
    });
    if (moved > 0) this.logger.warn({ moved }, 'Moved paid files out of the public media folder');
  }

  /** Every file but pictures, from the public folder to the private one (same relative path), and their rows marked private. */
  async movePaidFilesOutOfPublicFolder(): Promise<number> {
    mkdirSync(this.config.dir, { recursive: true });
    const entries = await readdir(this.config.dir, { recursive: true, withFileTypes: true });
    let moved = 0;
    for (const entry of entries) {
      if (!entry.isFile() || entry.name.startsWith('.') || PUBLIC_EXTENSION.test(entry.name)) continue;
      const from = join(entry.parentPath, entry.name);
      const to = join(this.config.privateDir, relative(this.config.dir, from));
      mkdirSync(dirname(to), { recursive: true });
      try {
        await rename(from, to);
      } catch (err) {
        if ((err as NodeJS.ErrnoException).code === 'ENOENT') continue; // another process moved it first
        throw err;
      }
      moved++;
    }
    await this.repository.markPaidFilesPrivate();
    return moved;
  }

  async store(part: MultipartFile, actor: AuthUser): Promise<MediaFile> {
    mkdirSync(this.config.dir, { recursive: true });
    mkdirSync(this.config.privateDir, { recursive: true });
    const random = randomBytes(16).toString('hex');
    const temporary = join(this.config.privateDir, `.upload-${random}`);
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
    const isPrivate = !isPublicMediaType(type.mimeType);
    const storedAt = join(isPrivate ? this.config.privateDir : this.config.dir, storedName);
    await rename(temporary, storedAt);
    const originalName = safeOriginalName(part.filename, type.extension);
    try {
      return await this.tx.run(async (tx) => {
        const file = toFile(
          await this.repository.insert(tx.manager, { storedName, originalName, mimeType: type!.mimeType, size, uploadedBy: actor.id, private: isPrivate }),
        );
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
      await rm(storedAt, { force: true });
      throw err;
    }
  }

  /** The uploaded file behind a /media/... address, if it is one of ours. */
  async findByUrl(url: string): Promise<MediaFile | null> {
    if (!url.startsWith(MEDIA_URL_PREFIX)) return null;
    const name = url.slice(MEDIA_URL_PREFIX.length);
    if (!STORED_NAME.test(name)) return null;
    const row = await this.repository.byStoredName(name);
    return row ? toFile(row) : null;
  }

  async findById(id: string): Promise<MediaFile | null> {
    const row = await this.repository.byId(id);
    return row ? toFile(row) : null;
  }

  /** Opens an uploaded file for streaming; a file gone from the disk is a 404, not a broken stream. */
  async open(file: Pick<MediaFile, 'id' | 'url' | 'private'>): Promise<ReadStream> {
    const name = file.url.slice(MEDIA_URL_PREFIX.length);
    // Where its flag says, else the other folder (a file moved by the start-up step while its row was read).
    const folders = file.private ? [this.config.privateDir, this.config.dir] : [this.config.dir, this.config.privateDir];
    for (const folder of folders) {
      const path = join(folder, name);
      if (
        await access(path).then(
          () => true,
          () => false,
        )
      )
        return createReadStream(path);
    }
    this.logger.error({ mediaId: file.id, name }, 'An uploaded file is missing from the media folders');
    throw CommonError.notFound('The file is missing from storage');
  }

  /**
   * A paid file named by a lesson (`/media/<upload>` or a seeded `/media/seed/<file>`),
   * to stream through a signed link; null when the reference is not one of ours.
   */
  async openPaidFile(reference: string): Promise<{ stream: ReadStream; name: string; mimeType: string; size: number } | null> {
    const match = MEDIA_REFERENCE.exec(reference);
    if (!match) return null;
    const row = STORED_NAME.test(match[1]) ? await this.findByUrl(reference) : null;
    const mimeType = row?.mimeType ?? (reference.toLowerCase().endsWith('.pdf') ? 'application/pdf' : 'application/octet-stream');
    for (const folder of [this.config.privateDir, this.config.dir]) {
      const path = join(folder, match[1]);
      const size = await stat(path).then(
        (s) => s.size,
        () => null,
      );
      if (size !== null) return { stream: createReadStream(path), name: row?.name ?? match[1].split('/').pop()!, mimeType, size };
    }
    this.logger.error({ reference }, 'A paid file named by a lesson is missing from the media folders');
    throw CommonError.notFound('The file is missing from storage');
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

// eslint-disable-next-line no-control-regex -- control characters are exactly what this strips
const CONTROL_AND_QUOTE = /[\u0000-\u001f\u007f"]/g;

/** The name shown to people: no path, no control characters, and the extension of what the file really is. */
function safeOriginalName(given: string | undefined, extension: string): string {
  const base = (given ?? '').split(/[\\/]/).pop()!.replace(CONTROL_AND_QUOTE, '').trim().slice(0, 200);
  const stem = base.replace(/\.[^.]*$/, '') || 'file';
  return `${stem}.${extension}`;
}
