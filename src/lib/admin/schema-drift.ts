/**
 * Compares the admin contract (openapi/admin-api.yaml, parsed) with the valibot schemas that read its answers
 * (schemas.ts), field by field, and says in words where they disagree. Used by schema-drift.test.ts.
 *
 * The rule: the contract says what the admin may send, the schema what the site accepts. A schema must accept
 * everything the contract allows, and may accept more. So it is drift when
 *   - the contract lets a field be missing and the schema requires it;
 *   - the contract lets a field be null and the schema rejects null;
 *   - the contract allows a value (its type, format, length, enum) that the schema rejects, or only takes by
 *     replacing it with its fallback (a promised value must come through as itself);
 *   - a field is named on one side only (the site would drop a described field, or read one never promised).
 * It is NOT drift when the schema is more lenient than the contract: it accepts a required field missing, a
 * non-null field as null, a wider type, or turns garbage into a fallback (`v.fallback(text, '')`). That is the
 * boundary cleaning admin data on purpose, and the schema's output type (what the pages use) says so.
 *
 * What the schema accepts is measured, not guessed: each field is parsed with values the contract allows (a
 * sample object, then the field missing, null, or each sample value), so pipes, checks and fallbacks count
 * as they run. Only the structure (which fields, objects, lists) is read from the schema objects.
 */
import * as v from 'valibot';

const CONTRACT_FILE = 'openapi/admin-api.yaml';
const SCHEMA_FILE = 'src/lib/admin/schemas.ts';
const REGENERATE = 'then `npm run generate`';

/** A JSON Schema node of the description, as parsed from YAML. */
type Node = { [key: string]: unknown };

/** The parts of a valibot schema object the walk reads (valibot keeps them public on every schema). */
type Introspected = v.GenericSchema & {
  entries?: Record<string, Introspected>;
  item?: Introspected;
  wrapped?: Introspected;
  pipe?: readonly { type: string; metadata?: { item?: Introspected } }[];
  fallback?: unknown;
};

/** Where a field sits on each side: the contract's named schema and the valibot schema export, when known. */
type Where = { contract: string; schema: string };

/** How a message names the two sides. */
const sides = (where: Where) => ({
  contract: `the OpenAPI description (${CONTRACT_FILE}, schema ${where.contract})`,
  valibot: `the valibot schema (${SCHEMA_FILE}, ${where.schema})`,
});

const WRAPPERS = new Set([
  'optional',
  'exact_optional',
  'nullable',
  'nullish',
  'undefinedable',
  'non_optional',
  'non_nullable',
  'non_nullish',
]);

/**
 * Every answer the contract describes (each path's 200 response), compared with the schemas.ts export named
 * after it (`SubCourse` → `SubCourseSchema`, `IntroTiles` → `IntroTilesSchema`). Returns one message per
 * disagreement; none means the two agree.
 */
export function findDrift(doc: Node, schemas: Record<string, unknown>): string[] {
  const drift: string[] = [];
  const names = new Map<unknown, string>(Object.entries(schemas).map(([name, schema]) => [schema, name]));
  for (const { response, paths } of describedAnswers(doc)) {
    const exportName = `${response}Schema`;
    const schema = schemas[exportName] as Introspected | undefined;
    const calls = paths.map((path) => `GET ${path}`).join(', ');
    if (!schema) {
      drift.push(
        `\`${response}\` (${calls}): the OpenAPI description (${CONTRACT_FILE}) describes this answer, but the valibot ` +
          `schemas (${SCHEMA_FILE}) have no \`${exportName}\` to read it. Add one, or remove the answer from the ` +
          `OpenAPI file, ${REGENERATE}.`,
      );
      continue;
    }
    const body = resolve(doc, bodySchemaOf(doc, response));
    // every answer is `{ data: <payload> }` (admin-client.ts reads it with `envelope`): the payload is named
    // after the response, the envelope's own fields after it
    const envelope = v.object({ data: schema }) as unknown as Introspected;
    const walk = new Walk(doc, names, drift);
    walk.compare(body.node, envelope, { contract: `response ${response}`, schema: exportName }, (key) =>
      key === 'data' ? response : `${response} (the { data } envelope).${key}`,
    );
  }
  return drift;
}

/** The contract's 200 answers, each response component with the paths that answer it. */
function describedAnswers(doc: Node): { response: string; paths: string[] }[] {
  const byResponse = new Map<string, string[]>();
  for (const [path, item] of Object.entries(asNode(doc.paths, 'paths'))) {
    const ok = asNode(asNode(asNode(item, path).get, `${path} get`).responses, `${path} responses`)['200'];
    const ref = asNode(ok, `${path} 200`).$ref;
    const prefix = '#/components/responses/';
    if (typeof ref !== 'string' || !ref.startsWith(prefix)) {
      throw new Error(`schema-drift: ${path}'s 200 answer is not a $ref to ${prefix}…; name it to compare it`);
    }
    const name = ref.slice(prefix.length);
    byResponse.set(name, [...(byResponse.get(name) ?? []), path]);
  }
  return [...byResponse].map(([response, paths]) => ({ response, paths }));
}

function bodySchemaOf(doc: Node, response: string): Node {
  const components = asNode(doc.components, 'components');
  const answer = asNode(asNode(components.responses, 'responses')[response], `response ${response}`);
  const json = asNode(asNode(answer.content, `${response} content`)['application/json'], `${response} JSON`);
  return asNode(json.schema, `${response} schema`);
}

class Walk {
  constructor(
    private readonly doc: Node,
    private readonly names: ReadonlyMap<unknown, string>,
    private readonly drift: string[],
  ) {}

  /** `node` (a contract schema) against `schema` at `label`; `childLabel` names an object's fields. */
  compare(node: Node, schema: Introspected, where: Where, childLabel: (key: string) => string): void {
    const shape = contractShape(node);
    const core = unwrap(schema);
    const here = { contract: where.contract, schema: this.names.get(core) ?? where.schema };
    if (shape.kind === 'object') {
      if (!core.entries) return; // compareValue reports an object the schema does not read as one
      this.compareObject(node, core.entries, here, childLabel);
    } else if (shape.kind === 'array') {
      const item = itemOf(core);
      if (!item) return; // likewise a list
      const label = childLabel('');
      const items = resolve(this.doc, asNode(node.items, `${label} items`), here.contract);
      const itemWhere = { contract: items.name, schema: this.names.get(unwrap(item)) ?? here.schema };
      this.compareValue(label, items.node, item, itemWhere, (value) => runValue(item, value));
      this.compare(items.node, item, itemWhere, (key) => (key ? `${label}.${key}` : `${label}[]`));
    }
  }

  private compareObject(node: Node, entries: Record<string, Introspected>, where: Where, label: (k: string) => string) {
    const properties = asNode(node.properties ?? {}, `${where.contract} properties`);
    const required = new Set(Array.isArray(node.required) ? (node.required as string[]) : []);
    // experiments run on a plain object over the same fields, so a pipe or fallback on the object itself
    // cannot hide what its fields accept
    const object = v.object(entries) as unknown as Introspected;
    const resolved = Object.fromEntries(
      Object.entries(properties).map(([key, value]) => [key, resolve(this.doc, asNode(value, key), where.contract)]),
    );
    const sample = Object.fromEntries(
      Object.entries(resolved).map(([key, { node }]) => [key, sampleOf(this.doc, node)]),
    );

    for (const key of new Set([...Object.keys(properties), ...Object.keys(entries)])) {
      const path = `\`${label(key)}\``;
      const { contract, valibot } = sides(where);
      const field = resolved[key];
      const entry = entries[key];
      if (!field && entry) {
        this.drift.push(
          `${path}: ${valibot} reads it, but ${contract} does not describe it, so the admin never promised it. ` +
            `Either describe it in the OpenAPI file (${REGENERATE}) or remove it from the schema.`,
        );
        continue;
      }
      if (!field) continue; // unreachable: every key comes from one side or the other
      if (!entry) {
        const what = describeField(field.node, required.has(key));
        this.drift.push(
          `${path}: ${contract} describes it (${what}), but ${valibot} has no such field, so the site drops it. ` +
            `Either add it to the schema or remove it from the OpenAPI file, ${REGENERATE}.`,
        );
        continue;
      }
      if (!required.has(key)) {
        const { [key]: _left, ...without } = sample;
        if (fieldIssues(v.safeParse(object, without), key).length > 0) {
          this.drift.push(
            `${path}: ${contract} makes it optional, but ${valibot} requires it. Either make the schema accept ` +
              `it missing (v.optional) or mark it required in the OpenAPI file, ${REGENERATE}.`,
          );
        }
      }
      const run = (value: unknown) => {
        const result = v.safeParse(object, { ...sample, [key]: value });
        // deeper issues belong to the fields inside, compared on their own
        const issues = fieldIssues(result, key).filter((issue) => issue.path?.length === 1);
        return { issues, output: (result.output as Record<string, unknown>)[key] };
      };
      this.compareValue(label(key), field.node, entry, where, run);
      // deeper fields are named after the field's own contract schema (its $ref) where it has one
      const inner = { contract: field.name, schema: where.schema };
      this.compare(field.node, entry, inner, (child) => (child ? `${label(key)}.${child}` : `${label(key)}[]`));
    }
  }

  /** One value's null and type against what the schema at this place accepts (run through `run`). */
  private compareValue(
    label: string,
    node: Node,
    schema: Introspected,
    where: Where,
    run: (value: unknown) => { issues: readonly v.BaseIssue<unknown>[]; output: unknown },
  ) {
    const path = `\`${label}\``;
    const { contract, valibot } = sides(where);
    const shape = contractShape(node);
    if (shape.nullable && run(null).issues.length > 0) {
      this.drift.push(
        `${path}: ${contract} allows null, but ${valibot} rejects null. Either make the schema accept null ` +
          `(v.nullable, or v.nullish to accept it missing too) or remove null from its type in the OpenAPI file, ` +
          `${REGENERATE}.`,
      );
    }
    const core = unwrap(schema);
    if (shape.kind === 'object' || shape.kind === 'array') {
      const found = shape.kind === 'object' ? Boolean(core.entries) : Boolean(itemOf(core));
      if (!found) {
        this.drift.push(
          `${path}: ${contract} says it is ${shape.kind === 'object' ? 'an object' : 'a list (array)'}, but ` +
            `${valibot} expects ${core.expects}. Either make the schema read ${shape.kind === 'object' ? 'an object (v.object)' : 'a list (v.array)'} ` +
            `or change its type in the OpenAPI file, ${REGENERATE}.`,
        );
      }
      return;
    }
    const fallback = fallbackOf(schema);
    for (const value of leafSamples(node, label)) {
      const { issues, output } = run(value);
      const replaced = fallback.has && Object.is(output, fallback.value) && !Object.is(value, fallback.value);
      if (issues.length === 0 && !replaced) continue;
      const why = replaced
        ? `replaces it with its fallback ${JSON.stringify(fallback.value)}`
        : `rejects it (${issues[0]!.message})`;
      const described = describeLeaf(node);
      this.drift.push(
        `${path}: ${contract} allows ${described} here, such as ${JSON.stringify(value)}, but ${valibot} ${why}. ` +
          `Either make the schema accept ${described}, or change the OpenAPI file to say what the schema takes ` +
          `(type, format, minLength), ${REGENERATE}.`,
      );
      return; // one message per field is enough to find it
    }
  }
}

/** A `$ref` followed (to its target, with the ref's own keys over it) and the nearest schema's name. */
function resolve(doc: Node, node: Node, name = '?'): { node: Node; name: string } {
  let current = node;
  let currentName = name;
  for (let hops = 0; typeof current.$ref === 'string'; hops += 1) {
    if (hops > 20) throw new Error(`schema-drift: $ref loop at ${String(current.$ref)}`);
    const ref = current.$ref;
    if (!ref.startsWith('#/')) throw new Error(`schema-drift: only local $refs are read, not ${ref}`);
    const target = ref
      .slice(2)
      .split('/')
      .reduce<unknown>((at, part) => asNode(at, ref)[part.replace(/~1/g, '/').replace(/~0/g, '~')], doc);
    const { $ref: _ref, ...siblings } = current;
    current = { ...asNode(target, ref), ...siblings };
    currentName = ref.split('/').at(-1) ?? currentName;
  }
  return { node: current, name: currentName };
}

type Shape = { kind: 'object' | 'array' | 'leaf'; types: string[]; nullable: boolean };

/**
 * Keywords that would constrain or combine values in ways the walk does not read: a description using one
 * stops the test rather than passing unchecked (a schema could be stricter than it without the test seeing).
 */
const UNCOMPARED_KEYWORDS = [
  'allOf',
  'anyOf',
  'oneOf',
  'not',
  'if',
  'minimum',
  'maximum',
  'exclusiveMinimum',
  'exclusiveMaximum',
  'multipleOf',
  'minItems',
  'maxItems',
  'uniqueItems',
  'contains',
  'prefixItems',
  'additionalProperties',
  'patternProperties',
  'minProperties',
  'maxProperties',
  'dependentRequired',
];

/** What a contract node is: its non-null types (OpenAPI 3.1 `type: [string, 'null']` or 3.0 `nullable`). */
function contractShape(node: Node): Shape {
  for (const keyword of UNCOMPARED_KEYWORDS) {
    if (keyword in node) throw new Error(`schema-drift: \`${keyword}\` is not compared yet; extend schema-drift.ts`);
  }
  const declared = Array.isArray(node.type) ? (node.type as string[]) : node.type ? [String(node.type)] : [];
  const inferred = declared.length ? declared : node.properties ? ['object'] : node.items ? ['array'] : [];
  const types = inferred.filter((type) => type !== 'null');
  const nullable = inferred.includes('null') || node.nullable === true;
  if (types.length === 0 && !('enum' in node) && !('const' in node)) {
    throw new Error(`schema-drift: a schema without a type (${JSON.stringify(node)}); give it one`);
  }
  const composite = types.filter((type) => type === 'object' || type === 'array');
  if (composite.length > 0 && types.length > 1) {
    throw new Error(`schema-drift: mixed types ${types.join(' | ')} are not compared yet; extend schema-drift.ts`);
  }
  const kind = composite[0] === 'object' ? 'object' : composite[0] === 'array' ? 'array' : 'leaf';
  return { kind, types, nullable };
}

/** Example dates and addresses for the formats the description uses: each a value the contract allows. */
const FORMAT_SAMPLES: Record<string, string> = {
  date: '2026-03-01',
  'date-time': '2026-03-01T09:00:00Z',
  uri: 'https://example.com/a',
  email: 'name@example.com',
};

/** Values the contract allows at a scalar field, the edge ones included (an empty string where allowed). */
function leafSamples(node: Node, label: string): unknown[] {
  if ('const' in node) return [node.const];
  if (Array.isArray(node.enum)) return node.enum.filter((value) => value !== null);
  const samples: unknown[] = [];
  for (const type of contractShape(node).types) {
    if (type === 'string') samples.push(...stringSamples(node, label));
    else if (type === 'integer') samples.push(7, 0);
    else if (type === 'number') samples.push(7, 2.5);
    else if (type === 'boolean') samples.push(true, false);
    else throw new Error(`schema-drift: type ${type} at ${label} is not compared yet; extend schema-drift.ts`);
  }
  return samples;
}

function stringSamples(node: Node, label: string): string[] {
  if ('pattern' in node) throw new Error(`schema-drift: \`pattern\` at ${label} is not compared yet`);
  if (typeof node.format === 'string') {
    const sample = FORMAT_SAMPLES[node.format];
    if (!sample) throw new Error(`schema-drift: format ${node.format} at ${label} needs a sample in FORMAT_SAMPLES`);
    return [sample];
  }
  const min = typeof node.minLength === 'number' ? node.minLength : 0;
  const max = typeof node.maxLength === 'number' ? node.maxLength : Infinity;
  const text = 'Sample text'.padEnd(min, '.').slice(0, Math.max(min, Math.min(max, 11)));
  return min === 0 ? [text, ''] : [text];
}

/** A whole value the contract allows, for the fields around the one under test. */
function sampleOf(doc: Node, node: Node): unknown {
  const shape = contractShape(node);
  if (shape.kind === 'array') return []; // items are compared on their own, without a list dropping them
  if (shape.kind === 'object') {
    const properties = Object.entries(asNode(node.properties ?? {}, 'properties'));
    return Object.fromEntries(
      properties.map(([key, value]) => [key, sampleOf(doc, resolve(doc, asNode(value, key)).node)]),
    );
  }
  return shape.types.length ? leafSamples(node, 'sample')[0] : null;
}

function describeLeaf(node: Node): string {
  if (Array.isArray(node.enum)) return `one of ${node.enum.map((value) => JSON.stringify(value)).join(', ')}`;
  const names = contractShape(node).types.map((type) => (type === 'integer' ? 'an integer' : `a ${type}`));
  const format = typeof node.format === 'string' ? ` in ${node.format} format` : '';
  const min = node.minLength;
  const length = typeof min === 'number' && min > 0 ? ` of at least ${min} character${min === 1 ? '' : 's'}` : '';
  return `${names.join(' or ')}${format}${length}`;
}

function describeField(node: Node, required: boolean): string {
  const shape = contractShape(node);
  const what = shape.kind === 'object' ? 'an object' : shape.kind === 'array' ? 'a list' : describeLeaf(node);
  return `${required ? 'required' : 'optional'}, ${what}${shape.nullable ? ' or null' : ''}`;
}

/** The schema under its optional/nullable wrappers (a pipe or a fallback keeps its schema's own fields). */
function unwrap(schema: Introspected): Introspected {
  let current = schema;
  while (WRAPPERS.has(current.type) && current.wrapped) current = current.wrapped;
  return current;
}

/** A list's item schema: a plain `v.array`'s, or the one a tolerant list names in its metadata. */
function itemOf(schema: Introspected): Introspected | undefined {
  if (schema.type !== 'array') return undefined;
  const named = schema.pipe?.find((action) => action.type === 'metadata')?.metadata?.item;
  return named ?? schema.item;
}

function fallbackOf(schema: Introspected): { has: boolean; value?: unknown } {
  for (let current: Introspected | undefined = schema; current; current = current.wrapped) {
    if (current.fallback !== undefined) return { has: true, value: v.getFallback(current as v.GenericSchema) };
  }
  return { has: false };
}

/** The issues a parse of an object raised about one of its fields. */
function fieldIssues(result: v.SafeParseResult<v.GenericSchema>, key: string): v.BaseIssue<unknown>[] {
  return result.issues?.filter((issue) => issue.path?.[0]?.key === key) ?? [];
}

function runValue(schema: Introspected, value: unknown) {
  const result = v.safeParse(schema, value);
  return { issues: result.issues ?? [], output: result.output };
}

function asNode(value: unknown, where: string): Node {
  if (value && typeof value === 'object' && !Array.isArray(value)) return value as Node;
  throw new Error(`schema-drift: expected an object at ${where} in ${CONTRACT_FILE}`);
}
