// Type test (vitest --typecheck): the valibot schemas produce exactly the generated OpenAPI types, except that
// every admin address comes out branded as checked. Regenerating the client after a change to
// openapi/admin-api.yaml that alters a shape fails here.
import type * as v from 'valibot';
import { expectTypeOf, test } from 'vitest';
import type { components } from './admin-api.gen';
import type * as s from './schemas';

type Api = components['schemas'];
type Out<T extends v.GenericSchema> = v.InferOutput<T>;

/** The schema's output with the address brands taken off: what is left must be the generated type. */
type Unbranded<T> = T extends string
  ? string
  : T extends (infer Item)[]
    ? Unbranded<Item>[]
    : T extends object
      ? { [K in keyof T]: Unbranded<T[K]> }
      : T;

test('schema outputs equal the generated OpenAPI types', () => {
  expectTypeOf<Unbranded<Out<typeof s.SettingsSchema>>>().toEqualTypeOf<Api['Settings']>();
  expectTypeOf<Unbranded<Out<typeof s.HomeHeroSchema>>>().toEqualTypeOf<Api['HomeHero']>();
  expectTypeOf<Unbranded<Out<typeof s.HomeIntroSchema>>>().toEqualTypeOf<Api['HomeIntro']>();
  expectTypeOf<Unbranded<Out<typeof s.IntroTileSchema>>>().toEqualTypeOf<Api['IntroTile']>();
  expectTypeOf<Unbranded<Out<typeof s.OpenCourseSchema>>>().toEqualTypeOf<Api['OpenCourse']>();
  expectTypeOf<Unbranded<Out<typeof s.LearningSolutionSchema>>>().toEqualTypeOf<Api['LearningSolution']>();
  expectTypeOf<Unbranded<Out<typeof s.SingleImagePageSchema>>>().toEqualTypeOf<Api['SingleImagePage']>();
  expectTypeOf<Unbranded<Out<typeof s.TwoImagePageSchema>>>().toEqualTypeOf<Api['TwoImagePage']>();
  expectTypeOf<Unbranded<Out<typeof s.GalleryItemSchema>>>().toEqualTypeOf<Api['GalleryItem']>();
  expectTypeOf<Out<typeof s.CourseCategorySchema>>().toEqualTypeOf<Api['CourseCategory']>();
  expectTypeOf<Out<typeof s.TrainingCourseSchema>>().toEqualTypeOf<Api['TrainingCourse']>();
  expectTypeOf<Out<typeof s.SubCourseSchema>>().toEqualTypeOf<Api['SubCourse']>();
  expectTypeOf<Out<typeof s.CourseVenueSchema>>().toEqualTypeOf<Api['CourseVenue']>();
});

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
  expectTypeOf<Unbranded<Out<typeof s.GallerySchema>>>().toEqualTypeOf<Api['GalleryItem'][]>();
});
