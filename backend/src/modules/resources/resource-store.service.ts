import { Injectable } from '@nestjs/common';
import { DataSource, type EntityManager } from 'typeorm';
import type { AuthUser } from '../../common/auth/auth-user';
import { ApiError } from '../../common/errors/api-error';
import { filters, likePattern, type ListQuery, type ListSpec } from '../../common/http/list-query';
import { WhereBuilder } from '../../common/http/where-builder';
import { TransactionRunner } from '../../events/transaction-runner';
import { AuditService, diff } from '../audit/audit.service';
import { formatBytes } from '../media/file-types';
import { MediaService } from '../media/media.service';
import { UPLOAD_PREFIX, validateBody, type FieldDef } from './resource-fields';
import { MAX_TOOLS_PER_CATEGORY, TOOLS, type ResourceKind } from './resource-kinds';

export type ResourceRecord = Record<string, unknown> & { id: number };

const TIMESTAMPS: Record<string, string> = { id: 'r.id', createdAt: 'r.created_at', updatedAt: 'r.updated_at' };

function sortExpression(field: FieldDef): string {
  return field.rule.kind === 'text' ? `lower(r.${field.column})` : `r.${field.column}`;
}

/**
 * Admin CRUD of every kind of members' resource, driven by its
 * definition: simple-rest lists, validated writes in one transaction with
 * their audit row, uploaded files linked by their /media address.
 */
@Injectable()
export class ResourceStore {
  private readonly specs = new Map<ResourceKind, ListSpec>();

  constructor(
    private readonly dataSource: DataSource,
    private readonly tx: TransactionRunner,
    private readonly audit: AuditService,
    private readonly media: MediaService,
  ) {}

  listSpec(kind: ResourceKind): ListSpec {
    let spec = this.specs.get(kind);
    if (!spec) {
      const fieldFilters = Object.fromEntries(kind.fields.filter((f) => f.filter).map((f) => [f.name, f.filter!]));
      spec = {
        resource: kind.resource,
        sortable: ['id', ...kind.fields.filter((f) => f.sortable).map((f) => f.name), 'createdAt', 'updatedAt'],
        defaultSort: ['id', 'ASC'],
        idKind: 'int',
        filters: { q: filters.text(), ...fieldFilters },
      };
      this.specs.set(kind, spec);
    }
    return spec;
  }

  async list(kind: ResourceKind, query: ListQuery): Promise<{ rows: ResourceRecord[]; total: number }> {
    const where = new WhereBuilder().when(query.ids, 'r.id = ANY(?::int[])', query.ids);
    const { q, ...rest } = query.filter;
    if (typeof q === 'string' && q !== '') {
      const conditions = kind.searchColumns.map((c) => `r.${c} ILIKE ?`).concat(kind.searchExtra ?? []);
      where.add(`(${conditions.join(' OR ')})`, ...Array(conditions.length).fill(likePattern(q)));
    }
    for (const [name, value] of Object.entries(rest)) {
      where.add(`r.${this.field(kind, name).column} = ?`, value);
    }
    const [{ total }] = await this.dataSource.query(`SELECT count(*)::int AS total FROM ${kind.table} r ${where.sql}`, where.params);
    const sortField = kind.fields.find((f) => f.name === query.sort.field);
    const orderBy = sortField ? sortExpression(sortField) : TIMESTAMPS[query.sort.field];
    const rows: ResourceRecord[] = await this.dataSource.query(
      `${this.select(kind)} ${where.sql} ORDER BY ${orderBy} ${query.sort.order} NULLS LAST, r.id OFFSET ${query.skip} LIMIT ${query.take}`,
      where.params,
    );
    return { rows, total };
  }

  async get(kind: ResourceKind, id: number, manager: EntityManager = this.dataSource.manager): Promise<ResourceRecord> {
    const rows: ResourceRecord[] = await manager.query(`${this.select(kind)} WHERE r.id = $1`, [id]);
    if (!rows[0]) throw ApiError.notFound(`${kind.noun} not found`);
    return rows[0];
  }

  async create(kind: ResourceKind, body: unknown, actor: AuthUser): Promise<ResourceRecord> {
    const values = validateBody(kind.fields, kind.readOnly, body, 'create');
    return this.tx.run(async ({ manager }) => {
      const columns = await this.columnsToWrite(kind, manager, values, null);
      const names = Object.keys(columns);
      const [{ id }] = await manager.query(
        `INSERT INTO ${kind.table} (${names.join(', ')}) VALUES (${names.map((_, i) => `$${i + 1}`).join(', ')}) RETURNING id`,
        Object.values(columns),
      );
      const created = await this.get(kind, id, manager);
      await this.audit.record(manager, {
        actor,
        action: 'create',
        resource: kind.resource,
        resourceId: id,
        summary: `Created ${kind.noun.toLowerCase()} "${String(created[kind.titleField])}"`,
        after: this.snapshot(kind, created),
      });
      return created;
    });
  }

  async update(kind: ResourceKind, id: number, body: unknown, actor: AuthUser): Promise<ResourceRecord> {
    const values = validateBody(kind.fields, kind.readOnly, body, 'update');
    return this.tx.run(async ({ manager }) => {
      const before = await this.lockAndGet(kind, id, manager);
      const columns = await this.columnsToWrite(kind, manager, values, before);
      const names = Object.keys(columns);
      if (names.length > 0) {
        await manager.query(
          `UPDATE ${kind.table} SET ${names.map((n, i) => `${n} = $${i + 2}`).join(', ')}, updated_at = now() WHERE id = $1`,
          [id, ...Object.values(columns)],
        );
      }
      const after = await this.get(kind, id, manager);
      const changes = diff(this.snapshot(kind, before), this.snapshot(kind, after));
      const changed = Object.keys(changes.after);
      if (changed.length > 0) {
        await this.audit.record(manager, {
          actor,
          action: 'update',
          resource: kind.resource,
          resourceId: id,
          summary: `Updated ${kind.noun.toLowerCase()} "${String(after[kind.titleField])}": ${changed.join(', ')}`,
          before: changes.before,
          after: changes.after,
        });
      }
      return after;
    });
  }

  async remove(kind: ResourceKind, id: number, actor: AuthUser): Promise<ResourceRecord> {
    return this.tx.run(async ({ manager }) => {
      const before = await this.lockAndGet(kind, id, manager);
      await manager.query(`DELETE FROM ${kind.table} WHERE id = $1`, [id]);
      await this.audit.record(manager, {
        actor,
        action: 'delete',
        resource: kind.resource,
        resourceId: id,
        summary: `Deleted ${kind.noun.toLowerCase()} "${String(before[kind.titleField])}"`,
        before: this.snapshot(kind, before),
      });
      return before;
    });
  }

  private async lockAndGet(kind: ResourceKind, id: number, manager: EntityManager): Promise<ResourceRecord> {
    const locked: unknown[] = await manager.query(`SELECT 1 FROM ${kind.table} WHERE id = $1 FOR UPDATE`, [id]);
    if (locked.length === 0) throw ApiError.notFound(`${kind.noun} not found`);
    return this.get(kind, id, manager);
  }

  private select(kind: ResourceKind): string {
    const columns = [
      'r.id',
      ...kind.fields.map((f) => `${f.select ?? `r.${f.column}`} AS "${f.name}"`),
      ...(kind.computed ?? []),
      'r.created_at AS "createdAt"',
      'r.updated_at AS "updatedAt"',
    ];
    return `SELECT ${columns.join(', ')} FROM ${kind.table} r`;
  }

  private field(kind: ResourceKind, name: string): FieldDef {
    const field = kind.fields.find((f) => f.name === name);
    if (!field) throw new Error(`${kind.resource} has no field ${name}`);
    return field;
  }

  /** Validated values as columns, with the rules that span fields or rows. */
  private async columnsToWrite(
    kind: ResourceKind,
    manager: EntityManager,
    values: Record<string, unknown>,
    before: ResourceRecord | null,
  ): Promise<Record<string, unknown>> {
    const columns: Record<string, unknown> = {};
    for (const [name, value] of Object.entries(values)) columns[this.field(kind, name).column] = value;

    for (const field of kind.fields) {
      const value = values[field.name];
      if (field.rule.kind !== 'url' || !field.rule.uploads || typeof value !== 'string' || value === before?.[field.name]) continue;
      const upload = value.startsWith(UPLOAD_PREFIX) ? await this.media.findByUrl(value) : null;
      if (value.startsWith(UPLOAD_PREFIX) && !upload) {
        throw ApiError.field(field.name, `${field.label}: no uploaded file at ${value}`);
      }
      if (kind.download?.field !== field.name) continue;
      columns.media_id = upload?.id ?? null;
      if (kind.download.sizeBytesColumn) columns[kind.download.sizeBytesColumn] = upload?.size ?? null;
      const sizeText = kind.download.sizeTextField;
      if (upload && sizeText && !values[sizeText]) columns[this.field(kind, sizeText).column] = formatBytes(upload.size);
    }

    if (kind === TOOLS) await this.checkToolRoom(manager, values.categoryId as number | undefined, before);
    return columns;
  }

  /** A category holds at most three tools; its row lock serialises concurrent additions. */
  private async checkToolRoom(manager: EntityManager, categoryId: number | undefined, before: ResourceRecord | null): Promise<void> {
    if (categoryId === undefined || categoryId === before?.categoryId) return;
    const categories: Array<{ title: string }> = await manager.query('SELECT title FROM tool_categories WHERE id = $1 FOR UPDATE', [categoryId]);
    if (!categories[0]) throw ApiError.field('categoryId', 'Tool category not found');
    const [{ count }] = await manager.query('SELECT count(*)::int AS count FROM tools WHERE category_id = $1', [categoryId]);
    if (count >= MAX_TOOLS_PER_CATEGORY) {
      throw ApiError.field(
        'categoryId',
        `The category "${categories[0].title}" already has ${MAX_TOOLS_PER_CATEGORY} tools, the most a category may hold. Remove one or choose another category.`,
      );
    }
  }

  private snapshot(kind: ResourceKind, record: ResourceRecord): Record<string, unknown> {
    return Object.fromEntries(kind.fields.map((f) => [f.name, record[f.name]]));
  }
}
