// Type test (vitest --typecheck): every admin address comes out of the schemas branded as checked, and the
// list payloads are lists of their item schemas. That the schemas read what openapi/admin-api.yaml describes
// is schema-drift.test.ts's job (it names the field and the side that requires what); the pages use the
// schemas' output types, not the generated ones.
import type * as v from 'valibot';
import { expectTypeOf, test } from 'vitest';
import type * as s from './schemas';

type Out<T extends v.GenericSchema> = v.InferOutput<T>;

test('every admin-supplied address comes out checked, never as a plain string', () => {
  type Settings = Out<typeof s.SettingsSchema>;
  expectTypeOf<Settings['logo']>().toEqualTypeOf<s.SafeAddress>();
  expectTypeOf<Settings[Exclude<keyof Settings, 'logo'>]>().toEqualTypeOf<s.SafeLink>();
  expectTypeOf<Out<typeof s.HomeHeroSchema>['video']>().toEqualTypeOf<s.SafeAddress | undefined>();
  expectTypeOf<Out<typeof s.HomeHeroSchema>['banner']>().toEqualTypeOf<s.SafeAddress | undefined>();
  expectTypeOf<Out<typeof s.HomeIntroSchema>['banner']>().toEqualTypeOf<s.SafeAddress>();
  expectTypeOf<Out<typeof s.IntroTileSchema>['image']>().toEqualTypeOf<s.SafeAddress>();
  expectTypeOf<Out<typeof s.IntroTileSchema>['back_link']>().toEqualTypeOf<s.SafeAddress>();
  expectTypeOf<Out<typeof s.OpenCourseSchema>['thumb_image']>().toEqualTypeOf<s.SafeAddress>();
  expectTypeOf<Out<typeof s.LearningSolutionSchema>['thumb_image']>().toEqualTypeOf<s.SafeAddress>();
  expectTypeOf<Out<typeof s.SingleImagePageSchema>['image']>().toEqualTypeOf<s.SafeAddress | undefined>();
  expectTypeOf<Out<typeof s.TwoImagePageSchema>['first_image']>().toEqualTypeOf<s.SafeAddress | undefined>();
  expectTypeOf<Out<typeof s.TwoImagePageSchema>['second_image']>().toEqualTypeOf<s.SafeAddress | undefined>();
  expectTypeOf<Out<typeof s.GalleryItemSchema>['image']>().toEqualTypeOf<s.SafeAddress>();
  // a plain string is not an address a component may render
  expectTypeOf<string>().not.toExtend<s.SafeAddress>();
});

test('list payloads are arrays of the item schemas', () => {
  expectTypeOf<Out<typeof s.OpenCoursesSchema>>().toEqualTypeOf<Out<typeof s.OpenCourseSchema>[]>();
  expectTypeOf<Out<typeof s.GallerySchema>>().toEqualTypeOf<Out<typeof s.GalleryItemSchema>[]>();
  expectTypeOf<Out<typeof s.IntroTilesSchema>>().toEqualTypeOf<Out<typeof s.IntroTileSchema>[]>();
  expectTypeOf<Out<typeof s.LearningSolutionsSchema>>().toEqualTypeOf<Out<typeof s.LearningSolutionSchema>[]>();
  expectTypeOf<Out<typeof s.CourseCategorySchema>['training_course']>().toEqualTypeOf<s.TrainingCourse[]>();
  expectTypeOf<Out<typeof s.SubCourseSchema>['course_venue']>().toEqualTypeOf<s.CourseVenue[]>();
});

test('what the schemas put out they read back (the search index keeps sessions and courses as JSON)', () => {
  expectTypeOf<s.CourseVenue>().toExtend<v.InferInput<typeof s.CourseVenueSchema>>();
  expectTypeOf<s.TrainingCourse>().toExtend<v.InferInput<typeof s.TrainingCourseSchema>>();
});
