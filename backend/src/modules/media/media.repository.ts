import { Injectable } from '@nestjs/common';
import { DataSource, type EntityManager } from 'typeorm';
import { sql } from '@pgtyped/runtime';
import { typedExecute, typedOne } from '../../database/sql.repository';
import type { IInsertMediaRowQuery, IMarkPaidFilesPrivateQuery, IMediaByIdQuery, IMediaByIdResult, IMediaByStoredNameQuery } from './media.repository.types';

/** A media row as its statements read it (generated from the schema; size is bigint, as decimal text). */
export type MediaRow = IMediaByIdResult;

/* Typed against the schema by pgtyped (npm run db:types writes media.repository.types.ts). */
const insertMediaRow = sql<IInsertMediaRowQuery>`
  INSERT INTO media (stored_name, original_name, mime_type, size, uploaded_by, private) VALUES ($storedName!, $originalName!, $mimeType!, $size!, $uploadedBy, $private!)
  RETURNING id, stored_name, original_name, mime_type, size, private`;
const mediaByStoredName = sql<IMediaByStoredNameQuery>`SELECT id, stored_name, original_name, mime_type, size, private FROM media WHERE stored_name = $name!`;
const mediaById = sql<IMediaByIdQuery>`SELECT id, stored_name, original_name, mime_type, size, private FROM media WHERE id = $id!`;
const markPaidFilesPrivate = sql<IMarkPaidFilesPrivateQuery>`UPDATE media SET private = true WHERE NOT private AND mime_type NOT LIKE 'image/%'`;

export interface NewMediaRow {
  storedName: string;
  originalName: string;
  mimeType: string;
  size: number;
  uploadedBy: string | null;
  private: boolean;
}

/** Also used by the demo seeds, which run outside the application's container. */
export async function insertMedia(manager: EntityManager, file: NewMediaRow): Promise<MediaRow> {
  const row = await typedOne(manager, insertMediaRow, file);
  return row!;
}

/** media: one row per uploaded file (its bytes live in the public or the private media folder). */
@Injectable()
export class MediaRepository {
  constructor(private readonly dataSource: DataSource) {}

  insert(manager: EntityManager, file: NewMediaRow): Promise<MediaRow> {
    return insertMedia(manager, file);
  }

  byStoredName(name: string): Promise<MediaRow | undefined> {
    return typedOne(this.dataSource.manager, mediaByStoredName, { name });
  }

  byId(id: string): Promise<MediaRow | undefined> {
    return typedOne(this.dataSource.manager, mediaById, { id });
  }

  /** Every file but pictures is paid content. */
  markPaidFilesPrivate(): Promise<number> {
    return typedExecute(this.dataSource.manager, markPaidFilesPrivate, undefined);
  }
}
