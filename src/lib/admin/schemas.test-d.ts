// Type test (vitest --typecheck): the valibot schemas produce exactly the generated OpenAPI types.
// Regenerating the client after a change to openapi/admin-api.yaml that alters a shape fails here.
import type * as v from 'valibot';
import { expectTypeOf, test } from 'vitest';
import type { components } from './admin-api.gen';
import type * as s from './schemas';

type Api = components['schemas'];

test('schema outputs equal the generated OpenAPI types', () => {
  expectTypeOf<v.InferOutput<typeof s.SettingsSchema>>().toEqualTypeOf<Api['Settings']>();
  expectTypeOf<v.InferOutput<typeof s.HomeHeroSchema>>().toEqualTypeOf<Api['HomeHero']>();
  expectTypeOf<v.InferOutput<typeof s.HomeIntroSchema>>().toEqualTypeOf<Api['HomeIntro']>();
  expectTypeOf<v.InferOutput<typeof s.IntroTileSchema>>().toEqualTypeOf<Api['IntroTile']>();
  expectTypeOf<v.InferOutput<typeof s.UpcomingCourseSchema>>().toEqualTypeOf<Api['UpcomingCourse']>();
  expectTypeOf<v.InferOutput<typeof s.LearningSolutionSchema>>().toEqualTypeOf<Api['LearningSolution']>();
  expectTypeOf<v.InferOutput<typeof s.SingleImagePageSchema>>().toEqualTypeOf<Api['SingleImagePage']>();
  expectTypeOf<v.InferOutput<typeof s.TwoImagePageSchema>>().toEqualTypeOf<Api['TwoImagePage']>();
  expectTypeOf<v.InferOutput<typeof s.GalleryItemSchema>>().toEqualTypeOf<Api['GalleryItem']>();
  expectTypeOf<v.InferOutput<typeof s.CourseCategorySchema>>().toEqualTypeOf<Api['CourseCategory']>();
  expectTypeOf<v.InferOutput<typeof s.TrainingCourseSchema>>().toEqualTypeOf<Api['TrainingCourse']>();
  expectTypeOf<v.InferOutput<typeof s.SubCourseSchema>>().toEqualTypeOf<Api['SubCourse']>();
  expectTypeOf<v.InferOutput<typeof s.CourseVenueSchema>>().toEqualTypeOf<Api['CourseVenue']>();
});

test('list payloads are arrays of the generated item types', () => {
  expectTypeOf<v.InferOutput<typeof s.UpcomingCoursesSchema>>().toEqualTypeOf<Api['UpcomingCourse'][]>();
  expectTypeOf<v.InferOutput<typeof s.GallerySchema>>().toEqualTypeOf<Api['GalleryItem'][]>();
  expectTypeOf<v.InferOutput<typeof s.IntroTilesSchema>>().toEqualTypeOf<Api['IntroTile'][]>();
  expectTypeOf<v.InferOutput<typeof s.LearningSolutionsSchema>>().toEqualTypeOf<Api['LearningSolution'][]>();
});
