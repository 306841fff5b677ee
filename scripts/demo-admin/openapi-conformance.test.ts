// Every answer of the demo admin, fetched over HTTP, matches openapi/admin-api.yaml exactly: the described
// fields with the described types and formats, and nothing the description does not name.
import { readFileSync } from 'node:fs';
import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { parse } from 'yaml';
import { createDemoContent } from './content.mjs';
import { startDemoAdmin } from './server.mjs';

type Json = unknown;
type Operation = { responses: Record<string, { $ref?: string }> };
type Doc = {
  paths: Record<string, { get: Operation }>;
  components: { responses: Record<string, Json>; schemas: Record<string, Json> };
};

const doc = parse(readFileSync(new URL('../../openapi/admin-api.yaml', import.meta.url), 'utf8')) as Doc;

/** Closed objects: the demo must not send fields the description does not name. */
function closeObjects(node: Json): Json {
  if (Array.isArray(node)) return node.map(closeObjects);
  if (node && typeof node === 'object') {
    const copy = Object.fromEntries(Object.entries(node).map(([key, value]) => [key, closeObjects(value)]));
    if (copy.type === 'object' && copy.properties && !('additionalProperties' in copy))
      copy.additionalProperties = false;
    return copy;
  }
  return node;
}

const ajv = new Ajv2020({ strict: false, allErrors: true });
addFormats.default(ajv);
ajv.addSchema({ $id: 'admin-api', components: closeObjects(doc.components) });

function responseSchemaRef(apiPath: string, status: string): string {
  const ref = doc.paths[apiPath]?.get.responses[status]?.$ref ?? doc.paths[apiPath]?.get.responses.default?.$ref;
  if (!ref) throw new Error(`no ${status} response for ${apiPath}`);
  return `admin-api${ref}/content/application~1json/schema`;
}

/** '/upcoming-training/details/101' → '/upcoming-training/details/{id}' */
function templateOf(concretePath: string): string {
  const match = Object.keys(doc.paths).find((template) =>
    new RegExp(`^${template.replace(/\{[^}]+\}/g, '[^/]+')}$`).test(concretePath),
  );
  if (!match) throw new Error(`${concretePath} is not described in openapi/admin-api.yaml`);
  return match;
}

let admin: Awaited<ReturnType<typeof startDemoAdmin>>;
beforeAll(async () => {
  admin = await startDemoAdmin({ port: 0 });
});
afterAll(() => admin.close());

describe('demo admin conforms to openapi/admin-api.yaml', () => {
  test('every demo path answers a body matching its 200 schema', async () => {
    const paths = Object.keys(createDemoContent({ origin: admin.origin }));
    expect(paths.length).toBeGreaterThan(80);
    const described = new Set<string>();
    for (const path of paths) {
      const template = templateOf(path);
      described.add(template);
      const response = await fetch(`${admin.url}${path}`);
      expect(response.status, path).toBe(200);
      expect(response.headers.get('content-type'), path).toMatch(/^application\/json/);
      const validate = ajv.getSchema(responseSchemaRef(template, '200'))!;
      const body = await response.json();
      expect(validate(body) ? [] : validate.errors, path).toEqual([]);
    }
    // and every described call is served by the demo
    expect([...described].sort()).toEqual(Object.keys(doc.paths).sort());
  });

  test('unknown ids and slugs answer 404 with the described error body', async () => {
    for (const path of [
      '/upcoming-training/details/999999',
      '/learning-solution-training/details/999999',
      '/course-venue/details/no-such-course',
    ]) {
      const response = await fetch(`${admin.url}${path}`);
      expect(response.status, path).toBe(404);
      const validate = ajv.getSchema(responseSchemaRef(templateOf(path), '404'))!;
      expect(validate(await response.json()), path).toBe(true);
    }
  });
});
