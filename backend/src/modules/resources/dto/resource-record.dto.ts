import type { Type } from '@nestjs/common';
import { ApiProperty, type ApiPropertyOptions } from '@nestjs/swagger';
import type { SchemaObject } from '@nestjs/swagger/dist/interfaces/open-api-spec.interface';
import type { FieldRule } from '../resource-fields';
import type { ResourceKind } from '../resource-kinds';

/**
 * The admin records of each kind of members' resource, built from the kind's
 * field rules (resource-kinds.ts), the same rules that validate its writes:
 * a record as answered, the body that creates one, and the body that updates
 * some of its fields.
 */
export interface ResourceDtos {
  record: Type<unknown>;
  create: Type<unknown>;
  update: Type<unknown>;
}

function ruleSchema(rule: FieldRule, input: boolean): SchemaObject {
  switch (rule.kind) {
    case 'text':
      return { type: 'string', maxLength: rule.max, nullable: rule.nullable || (input && !rule.required) ? true : undefined };
    case 'url':
      return {
        type: 'string',
        maxLength: 1000,
        description: rule.uploads ? 'An http(s) URL or the /media address of an uploaded file' : 'An http(s) URL',
        nullable: input && !rule.required ? true : undefined,
      };
    case 'int':
      return { type: 'integer', minimum: rule.min, maximum: rule.max, description: input ? 'A whole number (digits in a text are accepted too)' : undefined };
    case 'bool':
      return { type: 'boolean' };
    case 'enum':
      return { type: 'string', enum: [...rule.values] };
    case 'list':
      return {
        type: 'array',
        maxItems: rule.maxItems,
        items: { type: 'string', maxLength: rule.itemMax, ...(rule.values ? { enum: [...rule.values] } : {}) },
        nullable: input ? true : undefined,
      };
    case 'date':
      return { type: 'string', format: 'date', description: 'YYYY-MM-DD' };
  }
}

const pascal = (text: string) => text.replace(/(^|[\s-])([a-z])/gi, (_, __, c: string) => c.toUpperCase());

function named(name: string): Type<unknown> {
  const Dto = class {};
  Object.defineProperty(Dto, 'name', { value: name });
  return Dto;
}

function property(target: Type<unknown>, name: string, options: ApiPropertyOptions): void {
  ApiProperty(options)(target.prototype as object, name);
}

function build(kind: ResourceKind): ResourceDtos {
  const base = `Admin${pascal(kind.noun)}`;
  const record = named(base);
  const create = named(`${base}Input`);
  const update = named(`${base}Patch`);
  property(record, 'id', { type: 'integer' });
  for (const field of kind.fields) {
    const answer = ruleSchema(field.rule, false);
    const given = ruleSchema(field.rule, true);
    const description = [field.label, answer.description].filter(Boolean).join(': ');
    property(record, field.name, { ...answer, description, required: true } as ApiPropertyOptions);
    const required = 'required' in field.rule && field.rule.required === true;
    const fallback = field.default === undefined || required ? {} : { default: field.default };
    property(create, field.name, { ...given, description, required, ...fallback } as ApiPropertyOptions);
    property(update, field.name, { ...given, description, required: false } as ApiPropertyOptions);
  }
  for (const computed of kind.computed ?? []) {
    property(record, computed.name, { type: computed.type, nullable: computed.nullable, description: `${computed.description} (read-only)` });
  }
  property(record, 'createdAt', { type: 'string', format: 'date-time' });
  property(record, 'updatedAt', { type: 'string', format: 'date-time' });
  return { record, create, update };
}

const BUILT = new Map<ResourceKind, ResourceDtos>();

/** The DTO classes of one kind of resource (built once). */
export function resourceDtos(kind: ResourceKind): ResourceDtos {
  let dtos = BUILT.get(kind);
  if (!dtos) {
    dtos = build(kind);
    BUILT.set(kind, dtos);
  }
  return dtos;
}
