import type { Type } from '@nestjs/common';
import { getSchemaPath } from '@nestjs/swagger';

type Schema = Record<string, unknown>;
export type OpenApiSchemas = Record<string, unknown>;

const REF_PREFIX = '#/components/schemas/';

/**
 * A class's JSON Schema for `tools/list`, taken from the OpenAPI component that @nestjs/swagger
 * generated from the same class, with every `$ref` inlined (a tool schema stands alone) and no
 * extra properties allowed (the validator refuses them too).
 */
export function jsonSchemaFor(type: Type, schemas: OpenApiSchemas): Schema {
  const name = getSchemaPath(type).slice(REF_PREFIX.length);
  const component = schemas[name] as Schema | undefined;
  if (!component) throw new Error(`The OpenAPI document has no component ${name} for ${type.name}; add the class to extraModels.`);
  return { ...(inline(component, schemas, [name]) as Schema), type: 'object', additionalProperties: false };
}

function inline(value: unknown, schemas: OpenApiSchemas, seen: string[]): unknown {
  if (Array.isArray(value)) return value.map((item) => inline(item, schemas, seen));
  if (typeof value !== 'object' || value === null) return value;
  const ref = (value as Schema).$ref;
  if (typeof ref === 'string' && ref.startsWith(REF_PREFIX)) {
    const name = ref.slice(REF_PREFIX.length);
    if (seen.includes(name)) throw new Error(`Recursive schema ${[...seen, name].join(' -> ')} cannot be inlined`);
    const target = schemas[name] as Schema;
    return { ...(inline(target, schemas, [...seen, name]) as Schema), additionalProperties: false };
  }
  return Object.fromEntries(Object.entries(value).map(([key, child]) => [key, inline(child, schemas, seen)]));
}
