import { Injectable } from '@nestjs/common';
import { DataSource, type EntityManager } from 'typeorm';
import { execute, queryOne } from '../../database/sql.repository';

export interface MediaRow {
  id: string;
  stored_name: string;
  original_name: string;
  mime_type: string;
  size: string;
  private: boolean;
}

const COLUMNS = 'id, stored_name, original_name, mime_type, size, private';

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
  const row = await queryOne<MediaRow>(
    manager,
    `INSERT INTO media (stored_name, original_name, mime_type, size, uploaded_by, private) VALUES ($1, $2, $3, $4, $5, $6) RETURNING ${COLUMNS}`,
    [file.storedName, file.originalName, file.mimeType, file.size, file.uploadedBy, file.private],
  );
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
    return queryOne<MediaRow>(this.dataSource.manager, `SELECT ${COLUMNS} FROM media WHERE stored_name = $1`, [name]);
  }

  byId(id: string): Promise<MediaRow | undefined> {
    return queryOne<MediaRow>(this.dataSource.manager, `SELECT ${COLUMNS} FROM media WHERE id = $1`, [id]);
  }

  /** Every file but pictures is paid content. */
  markPaidFilesPrivate(): Promise<number> {
    return execute(this.dataSource.manager, `UPDATE media SET private = true WHERE NOT private AND mime_type NOT LIKE 'image/%'`);
  }
}
