/**
 * Valibot schemas for every admin payload: the boundary where untrusted JSON becomes typed content, and the
 * one source of the admin data's types (`CourseVenue`, `TrainingCourse`, …): code that holds admin data uses
 * these types or a `Pick` of them, never a copy, so a change here reaches every use at compile time.
 * `schema-drift.test.ts` compares them field by field with openapi/admin-api.yaml (the description the client
 * is generated from) and names any field where the two disagree; a schema may be more lenient than the
 * description (see the rule in schema-drift.ts), never stricter.
 *
 * Unknown fields are dropped (v.object strips them). A list keeps its good items and drops a malformed one
 * (logged) so one bad row in the admin does not blank a whole section; a payload that is not a list at all
 * is still a PARSING_ERROR.
 */
import * as v from 'valibot';
import { safeUrl, urlScheme } from '../rich-text/safe-url';

/**
 * Control characters other than tab and line breaks (NUL, vertical tab, form feed, DEL, the C1 range) mean
 * nothing in text a visitor reads, and some formats the text reaches (iCalendar, XML, JSON-LD in a script)
 * forbid them or read them as structure: removed here, once, as the text enters.
 */
const CONTROL_CHARACTERS = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F]/g;
const text = v.pipe(
  v.string(),
  v.transform((value) => value.replace(CONTROL_CHARACTERS, '')),
);

/**
 * Every address the admin supplies (images, video, tile links) follows the spec's rule: no scheme, or http,
 * https, irc, ircs, mailto or xmpp, kept as written (trimmed); any other scheme becomes ''. The brand means a
 * component can only be handed an address that passed here.
 */
const address = v.pipe(v.string(), v.trim(), v.transform(safeUrl), v.brand('SafeAddress'));
export type SafeAddress = v.InferOutput<typeof address>;

/**
 * The settings' contact and profile links are followed by visitors, so they need a scheme a visitor can follow
 * (web, phone, mail, sms); anything else (a stray word, `javascript:`) becomes '' and is left out.
 */
const FOLLOWABLE_SCHEMES: ReadonlySet<string> = new Set(['http', 'https', 'tel', 'mailto', 'sms']);
const link = v.pipe(
  v.string(),
  v.trim(),
  v.transform((value) => (FOLLOWABLE_SCHEMES.has(urlScheme(value) ?? '') ? value : '')),
  v.brand('SafeLink'),
);
export type SafeLink = v.InferOutput<typeof link>;

export const SettingsSchema = v.object({
  logo: address,
  phone: link,
  messenger: link,
  whatsapp: link,
  facebook: link,
  instagram: link,
  twitter: link,
  linkedin: link,
});

export const HomeHeroSchema = v.object({
  title: text,
  sub_title: text,
  video: v.optional(address),
  banner: v.optional(address),
});

export const HomeIntroSchema = v.object({
  title: text,
  description: text,
  banner: address,
});

export const IntroTileSchema = v.object({
  image: address,
  title: text,
  back_link: address,
});

export const OpenCourseSchema = v.object({
  id: v.pipe(v.number(), v.integer()),
  title: text,
  short_desc: text,
  thumb_image: address,
  remaining_time: v.pipe(
    v.string(),
    v.check((value) => !Number.isNaN(Date.parse(value)), 'remaining_time is not a date-time'),
  ),
  starting_date: text,
  class_timing: text,
  location: text,
});

export const LearningSolutionSchema = v.object({
  id: v.pipe(v.number(), v.integer()),
  title: text,
  thumb_image: address,
});

export const SingleImagePageSchema = v.object({
  title: text,
  description: text,
  image: v.optional(address),
});

export const TwoImagePageSchema = v.object({
  title: text,
  description: text,
  first_image: v.optional(address),
  second_image: v.optional(address),
});

export const GalleryItemSchema = v.object({
  image: address,
  title: text,
});

export const TrainingCourseSchema = v.object({
  id: v.pipe(v.number(), v.integer()),
  code: text,
  title: text,
  slug: v.pipe(v.string(), v.minLength(1)),
});

export const CourseVenueSchema = v.object({
  start_date: v.pipe(v.string(), v.isoDate()),
  end_date: v.pipe(v.string(), v.isoDate()),
  venue_name: text,
  course_fee: v.pipe(v.number(), v.finite()),
});

/**
 * A list that keeps its valid items and logs the ones it drops. The item schema is named in the metadata so
 * the contract check (schema-drift.ts) can compare the items, which the transform would otherwise hide.
 */
function tolerantList<TItem extends v.GenericSchema>(item: TItem) {
  return v.pipe(
    v.array(v.unknown()),
    v.metadata({ item }),
    v.transform((items) => {
      const kept: v.InferOutput<TItem>[] = [];
      items.forEach((candidate, index) => {
        const result = v.safeParse(item, candidate);
        if (result.success) kept.push(result.output);
        else console.warn(`[admin] dropped malformed list item #${index}: ${v.summarize(result.issues)}`);
      });
      return kept;
    }),
  );
}

export const CourseCategorySchema = v.object({
  title: text,
  training_course: tolerantList(TrainingCourseSchema),
});

export const SubCourseSchema = v.object({
  title: text,
  description: text,
  course_venue: tolerantList(CourseVenueSchema),
});

export const IntroTilesSchema = tolerantList(IntroTileSchema);
export const OpenCoursesSchema = tolerantList(OpenCourseSchema);
export const LearningSolutionsSchema = tolerantList(LearningSolutionSchema);
export const GallerySchema = tolerantList(GalleryItemSchema);

/** Every answer is `{ data: <payload> }`. */
export function envelope<TData extends v.GenericSchema>(data: TData) {
  return v.object({ data });
}

export type Settings = v.InferOutput<typeof SettingsSchema>;
export type HomeHero = v.InferOutput<typeof HomeHeroSchema>;
export type HomeIntro = v.InferOutput<typeof HomeIntroSchema>;
export type IntroTile = v.InferOutput<typeof IntroTileSchema>;
export type OpenCourse = v.InferOutput<typeof OpenCourseSchema>;
export type LearningSolution = v.InferOutput<typeof LearningSolutionSchema>;
export type SingleImagePage = v.InferOutput<typeof SingleImagePageSchema>;
export type TwoImagePage = v.InferOutput<typeof TwoImagePageSchema>;
export type GalleryItem = v.InferOutput<typeof GalleryItemSchema>;
export type CourseCategory = v.InferOutput<typeof CourseCategorySchema>;
export type TrainingCourse = v.InferOutput<typeof TrainingCourseSchema>;
export type SubCourse = v.InferOutput<typeof SubCourseSchema>;
export type CourseVenue = v.InferOutput<typeof CourseVenueSchema>;
