import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import type { AuthUser } from '../../common/auth/auth-user';
import { CommonError } from '../../common/errors/common.error';
import { filters, type ListQuery, type ListSpec } from '../../common/http/list-query';
import { TransactionRunner } from '../../events/transaction-runner';
import { AuditService, diff } from '../audit';
import { formatBytes, MediaService } from '../media';
import { UPLOAD_PREFIX, validateBody } from './resource-fields';
import { MAX_TOOLS_PER_CATEGORY, TOOLS, type ResourceKind } from './resource-kinds';
import { fieldOf, ResourceStoreRepository, type ResourceRecord } from './resource-store.repository';

export type { ResourceRecord } from './resource-store.repository';

const LIST_SPECS = new Map<ResourceKind, ListSpec>();

/** The admin list of a kind: sortable by id, its sortable fields and timestamps; `q` and each field filter. */
export function resourceListSpec(kind: ResourceKind): ListSpec {
  let spec = LIST_SPECS.get(kind);
  if (!spec) {
    const fieldFilters = Object.fromEntries(kind.fields.filter((f) => f.filter).map((f) => [f.name, f.filter!]));
    spec = {
      resource: kind.resource,
      sortable: ['id', ...kind.fields.filter((f) => f.sortable).map((f) => f.name), 'createdAt', 'updatedAt'],
      defaultSort: ['id', 'ASC'],
      idKind: 'int',
      filters: { q: filters.text(), ...fieldFilters },
    };
    LIST_SPECS.set(kind, spec);
  }
  return spec;
}

/**
 * Admin CRUD of every kind of members' resource, driven by its
 * definition: simple-rest lists, validated writes in one transaction with
 * their audit row, uploaded files linked by their /media address.
 */
@Injectable()
export class ResourceStore {
  constructor(
    private readonly store: ResourceStoreRepository,
    private readonly tx: TransactionRunner,
    private readonly audit: AuditService,
    private readonly media: MediaService,
  ) {}

  list(kind: ResourceKind, query: ListQuery): Promise<{ rows: ResourceRecord[]; total: number }> {
    return this.store.list(kind, query);
  }

  async get(kind: ResourceKind, id: number, manager?: EntityManager): Promise<ResourceRecord> {
    const record = await this.store.get(kind, id, manager);
    if (!record) throw CommonError.notFound(`${kind.noun} not found`);
    return record;
  }

  async create(kind: ResourceKind, body: unknown, actor: AuthUser): Promise<ResourceRecord> {
    const values = validateBody(kind.fields, kind.readOnly, body, 'create');
    return this.tx.run(async ({ manager }) => {
      const columns = await this.columnsToWrite(kind, manager, values, null);
      const id = await this.store.insert(kind, manager, columns);
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
      await this.store.update(kind, manager, id, columns);
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
      await this.store.delete(kind, manager, id);
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
    if (!(await this.store.lock(kind, id, manager))) throw CommonError.notFound(`${kind.noun} not found`);
    return this.get(kind, id, manager);
  }

  /** Validated values as columns, with the rules that span fields or rows. */
  private async columnsToWrite(
    kind: ResourceKind,
    manager: EntityManager,
    values: Record<string, unknown>,
    before: ResourceRecord | null,
  ): Promise<Record<string, unknown>> {
    const columns: Record<string, unknown> = {};
    for (const [name, value] of Object.entries(values)) columns[fieldOf(kind, name).column] = value;

    for (const field of kind.fields) {
      const value = values[field.name];
      if (field.rule.kind !== 'url' || !field.rule.uploads || typeof value !== 'string' || value === before?.[field.name]) continue;
      const upload = value.startsWith(UPLOAD_PREFIX) ? await this.media.findByUrl(value) : null;
      if (value.startsWith(UPLOAD_PREFIX) && !upload) {
        throw CommonError.field(field.name, `${field.label}: no uploaded file at ${value}`);
      }
      if (kind.download?.field !== field.name) continue;
      columns.media_id = upload?.id ?? null;
      if (kind.download.sizeBytesColumn) columns[kind.download.sizeBytesColumn] = upload?.size ?? null;
      const sizeText = kind.download.sizeTextField;
      if (upload && sizeText && !values[sizeText]) columns[fieldOf(kind, sizeText).column] = formatBytes(upload.size);
    }

    if (kind === TOOLS) await this.checkToolRoom(manager, values.categoryId as number | undefined, before);
    return columns;
  }

  /** A category holds at most three tools; its row lock serialises concurrent additions. */
  private async checkToolRoom(manager: EntityManager, categoryId: number | undefined, before: ResourceRecord | null): Promise<void> {
    if (categoryId === undefined || categoryId === before?.categoryId) return;
    const category = await this.store.lockToolCategory(manager, categoryId);
    if (!category) throw CommonError.field('categoryId', 'Tool category not found');
    if (category.tools >= MAX_TOOLS_PER_CATEGORY) {
      throw CommonError.field(
        'categoryId',
        `The category "${category.title}" already has ${MAX_TOOLS_PER_CATEGORY} tools, the most a category may hold. Remove one or choose another category.`,
      );
    }
  }

  private snapshot(kind: ResourceKind, record: ResourceRecord): Record<string, unknown> {
    return Object.fromEntries(kind.fields.map((f) => [f.name, record[f.name]]));
  }
}
