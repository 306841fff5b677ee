import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import {
  GallerySchema,
  HomeHeroSchema,
  IntroTileSchema,
  SettingsSchema,
  SubCourseSchema,
  TwoImagePageSchema,
} from './schemas';

const settings = (fields: Partial<Record<keyof v.InferInput<typeof SettingsSchema>, string>>) =>
  v.parse(SettingsSchema, {
    logo: '',
    phone: '',
    messenger: '',
    whatsapp: '',
    facebook: '',
    instagram: '',
    twitter: '',
    linkedin: '',
    ...fields,
  });

describe('admin addresses are checked where they enter', () => {
  it('keeps addresses with no scheme or an allowed one, trimmed', () => {
    const hero = v.parse(HomeHeroSchema, {
      title: 'T',
      sub_title: 'S',
      video: ' https://cdn.example/hero.mp4 ',
      banner: '/media/hero.svg',
    });
    expect(hero.video).toBe('https://cdn.example/hero.mp4');
    expect(hero.banner).toBe('/media/hero.svg');
    const page = v.parse(TwoImagePageSchema, { title: 'T', description: 'D', first_image: 'http://a.example/x.png' });
    expect(page.first_image).toBe('http://a.example/x.png');
  });

  it('turns any other scheme into an empty address: logo, gallery, video, banner, tiles', () => {
    expect(settings({ logo: 'javascript:alert(1)' }).logo).toBe('');
    const hero = v.parse(HomeHeroSchema, {
      title: 'T',
      sub_title: 'S',
      video: 'javascript:alert(1)',
      banner: 'data:image/png;base64,AAAA',
    });
    expect(hero).toEqual({ title: 'T', sub_title: 'S', video: '', banner: '' });
    expect(v.parse(GallerySchema, [{ image: ' java\tscript:alert(1)', title: 'x' }])).toEqual([
      { image: '', title: 'x' },
    ]);
    expect(v.parse(IntroTileSchema, { image: 'vbscript:x', title: 't', back_link: 'javascript:void(0)' })).toEqual({
      image: '',
      title: 't',
      back_link: '',
    });
  });

  it('keeps settings links a visitor can follow: web, phone, mail and sms', () => {
    const kept = settings({
      phone: 'tel:+97317000000',
      messenger: 'https://m.me/x',
      whatsapp: 'http://wa.example/',
      facebook: 'mailto:info@a.example',
      instagram: 'sms:+97317000000',
    });
    expect(kept).toMatchObject({
      phone: 'tel:+97317000000',
      messenger: 'https://m.me/x',
      whatsapp: 'http://wa.example/',
      facebook: 'mailto:info@a.example',
      instagram: 'sms:+97317000000',
    });
  });

  it('empties settings links that are scriptable, scheme-less or blank', () => {
    const dropped = settings({
      phone: '   ',
      messenger: 'javascript:alert(1)',
      whatsapp: ' java\tscript:alert(1)',
      facebook: 'data:text/html,x',
      instagram: 'www.example.com',
    });
    for (const key of ['phone', 'messenger', 'whatsapp', 'facebook', 'instagram'] as const) {
      expect(dropped[key], key).toBe('');
    }
  });
});

describe('admin text is cleaned where it enters', () => {
  it('drops NUL, vertical tab and other control characters; keeps tabs and line breaks', () => {
    const course = v.parse(SubCourseSchema, {
      title: 'Risk\u0000 Manage\u000Bment\u007F\u0085',
      description: 'Line one\r\nLine\ttwo\u000C',
      course_venue: [{ start_date: '2027-03-01', end_date: '2027-03-05', venue_name: 'Man\u0001ama', course_fee: 1 }],
    });
    expect(course.title).toBe('Risk Management');
    expect(course.description).toBe('Line one\r\nLine\ttwo');
    expect(course.course_venue[0]?.venue_name).toBe('Manama');
  });
});
