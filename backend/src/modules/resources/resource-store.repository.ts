import { Injectable } from '@nestjs/common';
import { DataSource, type EntityManager } from 'typeorm';
import { likePattern, type ListQuery } from '../../common/http/list-query';
import { WhereBuilder } from '../../common/http/where-builder';
import { sql } from '@pgtyped/runtime';
import { execute, queryOne, queryRows, typedOne } from '../../database/sql.repository';
import type { FieldDef } from './resource-fields';
import type { ResourceKind } from './resource-kinds';
import type { ICountToolsOfCategoryQuery, ILockToolCategoryQuery } from './resource-store.repository.types';

export type ResourceRecord = Record<string, unknown> & { id: number };

const TIMESTAMPS: Record<string, string> = { id: 'r.id', createdAt: 'r.created_at', updatedAt: 'r.updated_at' };

function sortExpression(field: FieldDef): string {
  return field.rule.kind === 'text' ? `lower(r.${field.column})` : `r.${field.column}`;
}

export function fieldOf(kind: ResourceKind, name: string): FieldDef {
  const field = kind.fields.find((f) => f.name === name);
  if (!field) throw new Error(`${kind.resource} has no field ${name}`);
  return field;
}

function select(kind: ResourceKind): string {
  const columns = [
    'r.id',
    ...kind.fields.map((f) => `${f.select ?? `r.${f.column}`} AS "${f.name}"`),
    ...(kind.computed ?? []).map((c) => `${c.sql} AS "${c.name}"`),
    'r.created_at AS "createdAt"',
    'r.updated_at AS "updatedAt"',
  ];
  return `SELECT ${columns.join(', ')} FROM ${kind.table} r`;
}

/* Typed against the schema by pgtyped (npm run db:types writes resource-store.repository.types.ts). */
const lockToolCategory = sql<ILockToolCategoryQuery>`SELECT title FROM tool_categories WHERE id = $id! FOR UPDATE`;
const countToolsOfCategory = sql<ICountToolsOfCategoryQuery>`SELECT count(*)::int AS "count!" FROM tools WHERE category_id = $categoryId!`;

/**
 * The tables of the members' resources (affiliate_programs, tool_categories,
 * tools, automation_templates, bots, cloud_folders, content_items,
 * testimonials), written from their definitions (resource-kinds.ts): table
 * and column names come only from those definitions, values are bound.
 */
@Injectable()
export class ResourceStoreRepository {
  // Every statement but lockToolCategory's names its table and columns from the kind's definition at run time: they stay hand-typed.
  constructor(private readonly dataSource: DataSource) {}

  async list(kind: ResourceKind, query: ListQuery): Promise<{ rows: ResourceRecord[]; total: number }> {
    const where = new WhereBuilder().when(query.ids, 'r.id = ANY(?::int[])', query.ids);
    const { q, ...rest } = query.filter;
    if (typeof q === 'string' && q !== '') {
      const conditions = kind.searchColumns.map((c) => `r.${c} ILIKE ?`).concat(kind.searchExtra ?? []);
      where.add(`(${conditions.join(' OR ')})`, ...Array<string>(conditions.length).fill(likePattern(q)));
    }
    for (const [name, value] of Object.entries(rest)) where.add(`r.${fieldOf(kind, name).column} = ?`, value);
    const count = await queryOne<{ total: number }>(this.dataSource.manager, `SELECT count(*)::int AS total FROM ${kind.table} r ${where.sql}`, where.params);
    const sortField = kind.fields.find((f) => f.name === query.sort.field);
    const orderBy = sortField ? sortExpression(sortField) : TIMESTAMPS[query.sort.field];
    const rows = await queryRows<ResourceRecord>(
      this.dataSource.manager,
      `${select(kind)} ${where.sql} ORDER BY ${orderBy} ${query.sort.order} NULLS LAST, r.id OFFSET ${query.skip} LIMIT ${query.take}`,
      where.params,
    );
    return { rows, total: count?.total ?? 0 };
  }

  get(kind: ResourceKind, id: number, manager: EntityManager = this.dataSource.manager): Promise<ResourceRecord | undefined> {
    return queryOne<ResourceRecord>(manager, `${select(kind)} WHERE r.id = $1`, [id]);
  }

  async lock(kind: ResourceKind, id: number, manager: EntityManager): Promise<boolean> {
    return (await queryRows(manager, `SELECT 1 FROM ${kind.table} WHERE id = $1 FOR UPDATE`, [id])).length > 0;
  }

  async insert(kind: ResourceKind, manager: EntityManager, columns: Record<string, unknown>): Promise<number> {
    const names = Object.keys(columns);
    const row = await queryOne<{ id: number }>(
      manager,
      `INSERT INTO ${kind.table} (${names.join(', ')}) VALUES (${names.map((_, i) => `$${i + 1}`).join(', ')}) RETURNING id`,
      Object.values(columns),
    );
    return row!.id;
  }

  async update(kind: ResourceKind, manager: EntityManager, id: number, columns: Record<string, unknown>): Promise<void> {
    const names = Object.keys(columns);
    if (names.length === 0) return;
    await execute(manager, `UPDATE ${kind.table} SET ${names.map((n, i) => `${n} = $${i + 2}`).join(', ')}, updated_at = now() WHERE id = $1`, [
      id,
      ...Object.values(columns),
    ]);
  }

  async delete(kind: ResourceKind, manager: EntityManager, id: number): Promise<void> {
    await execute(manager, `DELETE FROM ${kind.table} WHERE id = $1`, [id]);
  }

  /** A tool category, locked (serialising additions to it), with how many tools it holds; undefined when there is none. */
  async lockToolCategory(manager: EntityManager, categoryId: number): Promise<{ title: string; tools: number } | undefined> {
    const category = await typedOne(manager, lockToolCategory, { id: categoryId });
    if (!category) return undefined;
    const count = await typedOne(manager, countToolsOfCategory, { categoryId });
    return { title: category.title, tools: count!.count };
  }
}
