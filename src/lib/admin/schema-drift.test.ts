// The admin contract (openapi/admin-api.yaml, which `npm run generate` turns into admin-api.gen.ts) and the
// valibot schemas that read the admin's answers (schemas.ts) say the same thing, field by field. When they
// drift, the failure names the field and says which side requires what. The rule (what counts as drift and
// what is deliberate leniency) is written at the top of schema-drift.ts.
import { readFileSync } from 'node:fs';
import * as v from 'valibot';
import { describe, expect, test } from 'vitest';
import { parse } from 'yaml';
import { findDrift } from './schema-drift';
import * as s from './schemas';

/** The parsed YAML, edited freely by the checks below. */
type Doc = Record<string, any>;

const realContract = (): Doc =>
  parse(readFileSync(new URL('../../../openapi/admin-api.yaml', import.meta.url), 'utf8'));

test('the valibot schemas accept every admin answer the OpenAPI description allows, and nothing is named on one side only', () => {
  const drift = findDrift(realContract(), s);
  // one line per disagreement, so a failure reads as the list of fields to fix
  expect(drift.join('\n\n'), 'openapi/admin-api.yaml and src/lib/admin/schemas.ts disagree').toBe('');
});

/*
 * The checks below run the walk on a small contract and schemas built like the real ones ($refs, the
 * `{ data }` envelope, lists that drop a bad item and name their item in metadata like schemas.ts's
 * tolerantList), which agree to start with: each check edits one side and reads what the walk says, whatever
 * the real files hold today.
 */
const FIXTURE = `
paths:
  /upcoming-certification/content: { get: { responses: { '200': { $ref: '#/components/responses/OpenCourses' } } } }
  /learning-solution/content: { get: { responses: { '200': { $ref: '#/components/responses/LearningSolutions' } } } }
  /upcoming-training/details/{id}: { get: { responses: { '200': { $ref: '#/components/responses/CourseCategory' } } } }
  /course-venue/details/{slug}: { get: { responses: { '200': { $ref: '#/components/responses/SubCourse' } } } }
components:
  responses:
    OpenCourses:
      content:
        application/json:
          schema:
            type: object
            required: [data]
            properties: { data: { type: array, items: { $ref: '#/components/schemas/OpenCourse' } } }
    LearningSolutions:
      content:
        application/json:
          schema:
            type: object
            required: [data]
            properties: { data: { type: array, items: { $ref: '#/components/schemas/LearningSolution' } } }
    CourseCategory:
      content:
        application/json:
          schema: { type: object, required: [data], properties: { data: { $ref: '#/components/schemas/CourseCategory' } } }
    SubCourse:
      content:
        application/json:
          schema: { type: object, required: [data], properties: { data: { $ref: '#/components/schemas/SubCourse' } } }
  schemas:
    OpenCourse:
      type: object
      required: [id, remaining_time]
      properties:
        id: { type: integer }
        remaining_time: { type: string, format: date-time }
    LearningSolution:
      type: object
      required: [id, title]
      properties: { id: { type: integer }, title: { type: string } }
    CourseCategory:
      type: object
      required: [title, training_course]
      properties:
        title: { type: string }
        training_course: { type: array, items: { $ref: '#/components/schemas/TrainingCourse' } }
    TrainingCourse:
      type: object
      required: [id, code, title, slug]
      properties:
        id: { type: integer }
        code: { type: string }
        title: { type: string }
        slug: { type: string, minLength: 1 }
    SubCourse:
      type: object
      required: [title, course_venue]
      properties:
        title: { type: string }
        course_venue: { type: array, items: { $ref: '#/components/schemas/CourseVenue' } }
    CourseVenue:
      type: object
      required: [start_date, venue_name, course_fee]
      properties:
        start_date: { type: string, format: date }
        venue_name: { type: string }
        course_fee: { type: number }
`;

/** A list that drops the items it cannot read, naming its item in metadata (as schemas.ts's tolerantList). */
const listOf = <TItem extends v.GenericSchema>(item: TItem) =>
  v.pipe(
    v.array(v.unknown()),
    v.metadata({ item }),
    v.transform((items) => items.filter((candidate) => v.is(item, candidate)) as v.InferOutput<TItem>[]),
  );
const integer = v.pipe(v.number(), v.integer());
const CourseVenueSchema = v.object({
  start_date: v.pipe(v.string(), v.isoDate()),
  venue_name: v.string(),
  course_fee: v.pipe(v.number(), v.finite()),
});
const TrainingCourseSchema = v.object({
  id: integer,
  code: v.string(),
  title: v.string(),
  slug: v.pipe(v.string(), v.minLength(1)),
});
const OpenCourseSchema = v.object({
  id: integer,
  remaining_time: v.pipe(
    v.string(),
    v.check((value) => !Number.isNaN(Date.parse(value)), 'remaining_time is not a date-time'),
  ),
});
const LearningSolutionSchema = v.object({ id: integer, title: v.string() });
const fixture = {
  CourseVenueSchema,
  TrainingCourseSchema,
  OpenCourseSchema,
  LearningSolutionSchema,
  OpenCoursesSchema: listOf(OpenCourseSchema),
  LearningSolutionsSchema: listOf(LearningSolutionSchema),
  CourseCategorySchema: v.object({ title: v.string(), training_course: listOf(TrainingCourseSchema) }),
  SubCourseSchema: v.object({ title: v.string(), course_venue: listOf(CourseVenueSchema) }),
};

/** The fixture contract with one edit, as a developer might make it before regenerating the client. */
function edited(edit: (schemas: Doc, doc: Doc) => void = () => {}): Doc {
  const doc: Doc = parse(FIXTURE);
  edit(doc.components.schemas, doc);
  return doc;
}

test('the fixture contract and schemas agree to start with', () => {
  expect(findDrift(edited(), fixture)).toEqual([]);
});

describe('a drift between the OpenAPI description and the schemas is named in words', () => {
  test('a field the description makes optional but the schema requires', () => {
    const doc = edited(({ CourseVenue }) => {
      CourseVenue.required = CourseVenue.required.filter((key: string) => key !== 'venue_name');
    });
    expect(findDrift(doc, fixture)).toEqual([
      '`SubCourse.course_venue[].venue_name`: the OpenAPI description (openapi/admin-api.yaml, schema CourseVenue) ' +
        'makes it optional, but the valibot schema (src/lib/admin/schemas.ts, CourseVenueSchema) requires it. ' +
        'Either make the schema accept it missing (v.optional) or mark it required in the OpenAPI file, then ' +
        '`npm run generate`.',
    ]);
  });

  test('a field the description lets be null but the schema does not', () => {
    const doc = edited(({ TrainingCourse }) => {
      TrainingCourse.properties.code.type = ['string', 'null'];
    });
    expect(findDrift(doc, fixture)).toEqual([
      '`CourseCategory.training_course[].code`: the OpenAPI description (openapi/admin-api.yaml, schema ' +
        'TrainingCourse) allows null, but the valibot schema (src/lib/admin/schemas.ts, TrainingCourseSchema) ' +
        'rejects null. Either make the schema accept null (v.nullable, or v.nullish to accept it missing too) or ' +
        'remove null from its type in the OpenAPI file, then `npm run generate`.',
    ]);
  });

  test('a type the schema does not read: a string for a number, any number for an integer', () => {
    const doc = edited(({ CourseVenue, LearningSolution }) => {
      CourseVenue.properties.course_fee = { type: 'string' };
      LearningSolution.properties.id.type = 'number';
    });
    expect(findDrift(doc, fixture)).toEqual([
      '`LearningSolutions[].id`: the OpenAPI description (openapi/admin-api.yaml, schema LearningSolution) allows ' +
        'a number here, such as 2.5, but the valibot schema (src/lib/admin/schemas.ts, LearningSolutionSchema) ' +
        'rejects it (Invalid integer: Received 2.5). Either make the schema accept a number, or change the OpenAPI ' +
        'file to say what the schema takes (type, format, minLength), then `npm run generate`.',
      '`SubCourse.course_venue[].course_fee`: the OpenAPI description (openapi/admin-api.yaml, schema CourseVenue) ' +
        'allows a string here, such as "Sample text", but the valibot schema (src/lib/admin/schemas.ts, ' +
        'CourseVenueSchema) rejects it (Invalid type: Expected number but received "Sample text"). Either make the ' +
        'schema accept a string, or change the OpenAPI file to say what the schema takes (type, format, ' +
        'minLength), then `npm run generate`.',
    ]);
  });

  test('a value the schema checks more strictly than the description: an empty slug, a start that is no date', () => {
    const doc = edited(({ TrainingCourse, OpenCourse }) => {
      delete TrainingCourse.properties.slug.minLength;
      delete OpenCourse.properties.remaining_time.format;
    });
    const drift = findDrift(doc, fixture);
    expect(drift).toHaveLength(2);
    expect(drift[0]).toMatch(
      /^`OpenCourses\[\]\.remaining_time`: .* allows a string here, such as "Sample text", but the valibot schema \(src\/lib\/admin\/schemas\.ts, OpenCourseSchema\) rejects it \(remaining_time is not a date-time\)\./,
    );
    expect(drift[1]).toMatch(
      /^`CourseCategory\.training_course\[\]\.slug`: .* allows a string here, such as "", but .* rejects it \(Invalid length: Expected >=1 but received 0\)\./,
    );
  });

  test('an object where the schema reads a list', () => {
    const doc = edited(({ SubCourse }) => {
      SubCourse.properties.course_venue = { $ref: '#/components/schemas/CourseVenue' };
    });
    expect(findDrift(doc, fixture)).toEqual([
      '`SubCourse.course_venue`: the OpenAPI description (openapi/admin-api.yaml, schema SubCourse) says it is an ' +
        'object, but the valibot schema (src/lib/admin/schemas.ts, SubCourseSchema) expects Array. Either make the ' +
        'schema read an object (v.object) or change its type in the OpenAPI file, then `npm run generate`.',
    ]);
  });

  test('a field on one side only: described but not read, read but not described', () => {
    const doc = edited(({ CourseVenue, TrainingCourse }) => {
      CourseVenue.properties.seats_left = { type: 'integer' };
      delete TrainingCourse.properties.code;
      TrainingCourse.required = TrainingCourse.required.filter((key: string) => key !== 'code');
    });
    expect(findDrift(doc, fixture)).toEqual([
      '`CourseCategory.training_course[].code`: the valibot schema (src/lib/admin/schemas.ts, TrainingCourseSchema) ' +
        'reads it, but the OpenAPI description (openapi/admin-api.yaml, schema TrainingCourse) does not describe ' +
        'it, so the admin never promised it. Either describe it in the OpenAPI file (then `npm run generate`) or ' +
        'remove it from the schema.',
      '`SubCourse.course_venue[].seats_left`: the OpenAPI description (openapi/admin-api.yaml, schema ' +
        'CourseVenue) describes it (optional, an integer), but the valibot schema (src/lib/admin/schemas.ts, ' +
        'CourseVenueSchema) has no such field, so the site drops it. Either add it to the schema or remove it ' +
        'from the OpenAPI file, then `npm run generate`.',
    ]);
  });

  test('an answer no schema reads', () => {
    const doc = edited((schemas, whole) => {
      whole.components.responses.Brochure = structuredClone(whole.components.responses.LearningSolutions);
      whole.paths['/brochure/content'] = { get: { responses: { '200': { $ref: '#/components/responses/Brochure' } } } };
    });
    expect(findDrift(doc, fixture)).toEqual([
      '`Brochure` (GET /brochure/content): the OpenAPI description (openapi/admin-api.yaml) describes this answer, ' +
        'but the valibot schemas (src/lib/admin/schemas.ts) have no `BrochureSchema` to read it. Add one, or ' +
        'remove the answer from the OpenAPI file, then `npm run generate`.',
    ]);
  });
});

describe('deliberate leniency is not drift', () => {
  /** The fixture schemas with a sub-course whose sessions tolerate (or swallow) what the admin should not send. */
  const lenient = (venueName: v.GenericSchema, courseFee: v.GenericSchema = CourseVenueSchema.entries.course_fee) => ({
    ...fixture,
    SubCourseSchema: v.object({
      ...fixture.SubCourseSchema.entries,
      course_venue: v.array(v.object({ ...CourseVenueSchema.entries, venue_name: venueName, course_fee: courseFee })),
    }),
  });

  test('a schema that accepts a required field missing or null (turning it into "") agrees with the description', () => {
    const tolerant = lenient(v.fallback(v.string(), ''));
    expect(findDrift(edited(), tolerant)).toEqual([]);
    const nullish = lenient(
      v.pipe(
        v.nullish(v.string()),
        v.transform((value) => value ?? ''),
      ),
    );
    expect(findDrift(edited(), nullish)).toEqual([]);
    // and it still agrees once the description lets the venue be missing or null
    const loose = edited(({ CourseVenue }) => {
      CourseVenue.required = CourseVenue.required.filter((key: string) => key !== 'venue_name');
      CourseVenue.properties.venue_name.type = ['string', 'null'];
    });
    expect(findDrift(loose, fixture)).toHaveLength(2); // the strict schema: both
    expect(findDrift(loose, tolerant)).toEqual([]);
    expect(findDrift(loose, nullish)).toEqual([]);
  });

  test('a wider type than described (any number where an integer is described) agrees', () => {
    const wider = {
      ...fixture,
      LearningSolutionsSchema: v.array(v.object({ ...LearningSolutionSchema.entries, id: v.number() })),
    };
    expect(findDrift(edited(), wider)).toEqual([]);
  });

  test('a keyword the walk does not compare stops the test rather than passing unchecked', () => {
    const bounded = edited(({ CourseVenue }) => {
      CourseVenue.properties.course_fee.minimum = 0;
    });
    expect(() => findDrift(bounded, fixture)).toThrow('`minimum` is not compared yet; extend schema-drift.ts');
    const closed = edited(({ CourseVenue }) => {
      CourseVenue.additionalProperties = false;
    });
    expect(() => findDrift(closed, fixture)).toThrow('`additionalProperties` is not compared yet');
  });

  test('a fallback does not hide a type the schema does not read: a described value must come through as itself', () => {
    const swallowed = lenient(CourseVenueSchema.entries.venue_name, v.fallback(v.string(), ''));
    expect(findDrift(edited(), swallowed)).toEqual([
      '`SubCourse.course_venue[].course_fee`: the OpenAPI description (openapi/admin-api.yaml, schema CourseVenue) ' +
        'allows a number here, such as 7, but the valibot schema (src/lib/admin/schemas.ts, SubCourseSchema) ' +
        'replaces it with its fallback "". Either make the schema accept a number, or change the OpenAPI file to ' +
        'say what the schema takes (type, format, minLength), then `npm run generate`.',
    ]);
  });
});
