import type { Type } from '@nestjs/common';
import { ApiProperty, type ApiPropertyOptions } from '@nestjs/swagger';
import type { SchemaObject } from '@nestjs/swagger/dist/interfaces/open-api-spec.interface';
import { fieldsOf, SECRET_MASK, SECTIONS, type FieldSpec, type SectionName } from '../settings.schema';

/**
 * The settings' schemas, built from SETTINGS_SCHEMA (the same field specs
 * that validate an update), one class per section: the document cannot
 * drift from what the API accepts and answers.
 */
function fieldSchema(spec: FieldSpec): SchemaObject {
  switch (spec.type) {
    case 'string':
      return spec.required
        ? { type: 'string', minLength: 1, maxLength: spec.max, description: spec.format ? `${spec.label} (${spec.format})` : spec.label }
        : { type: 'string', maxLength: spec.max, description: `${spec.label}${spec.format ? ` (${spec.format})` : ''}; empty when not set` };
    case 'boolean':
      return { type: 'boolean', description: spec.label };
    case 'int':
      return { type: 'integer', minimum: spec.min, maximum: spec.max, description: spec.unit ? `${spec.label} (${spec.unit})` : spec.label };
    case 'enum':
      return { type: 'string', enum: [...spec.options], description: spec.label };
    case 'money':
      return {
        type: 'string',
        pattern: '^\\d{1,7}\\.\\d{2}$',
        example: spec.default,
        description: `${spec.label} (decimal text; an update may send a number)`,
      };
    case 'taxRates':
      return {
        type: 'string',
        maxLength: spec.max,
        example: 'DE=19, FR=20, ES=21',
        description: `${spec.label}: country code (ISO 3166 alpha-2) = rate in percent, separated by commas; prices include the tax; empty: no tax`,
      };
    case 'secret':
      return {
        type: 'string',
        description: `${spec.label}: write-only; answered as "${SECRET_MASK}" when set, "" when not (send the mask back to keep it, null to remove it)`,
      };
  }
}

const pascal = (name: string) => name[0].toUpperCase() + name.slice(1);

function sectionClass(section: SectionName, partial: boolean): Type<unknown> {
  const Section = class {};
  Object.defineProperty(Section, 'name', { value: `${pascal(section)}Settings${partial ? 'Update' : ''}` });
  for (const [key, spec] of Object.entries(fieldsOf(section))) {
    // An update clears a secret or an optional text with null (or empty text).
    const nullable = partial && (spec.type === 'secret' || (spec.type === 'string' && !spec.required) || spec.type === 'taxRates') ? { nullable: true } : {};
    ApiProperty({ ...fieldSchema(spec), ...nullable, required: !partial } as ApiPropertyOptions)(Section.prototype, key);
  }
  return Section;
}

/** Each section as the API answers it. */
export const SETTINGS_SECTION_TYPES = Object.fromEntries(SECTIONS.map((s) => [s, sectionClass(s, false)])) as Record<SectionName, Type<unknown>>;

/** Each section as an update takes it: any subset of its fields. */
export const SETTINGS_UPDATE_TYPES = Object.fromEntries(SECTIONS.map((s) => [s, sectionClass(s, true)])) as Record<SectionName, Type<unknown>>;

/** Every section (secrets masked). */
export class AllSettingsView {}
Object.defineProperty(AllSettingsView, 'name', { value: 'AllSettings' });
for (const section of SECTIONS) ApiProperty({ type: SETTINGS_SECTION_TYPES[section] })(AllSettingsView.prototype, section);
