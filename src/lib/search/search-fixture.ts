/** A small fixed catalogue for the search unit tests (not used by the site). Today is 10 Jan 2027. */
import { buildSearchIndex, type Catalogue, type CatalogueSession } from './search-index';

export const FIXTURE_NOW = Date.parse('2027-01-10T08:00:00Z');

const session = (start_date: string, end_date: string, venue_name: string, course_fee: number): CatalogueSession => ({
  start_date,
  end_date,
  venue_name,
  course_fee,
});

export const fixtureCatalogue: Catalogue = {
  categories: [
    {
      kind: 'upcoming',
      id: 101,
      title: 'Project Management Professional (PMP)® Exam Preparation',
      courses: [
        { id: 1, code: 'PM-101', title: 'PMP Exam Preparation Bootcamp', slug: 'pmp-exam-preparation-bootcamp' },
        {
          id: 2,
          code: 'PM-102',
          title: 'Agile Project Management with Scrum',
          slug: 'agile-project-management-with-scrum',
        },
        { id: 3, code: 'PM-103', title: 'Project Risk Management', slug: 'project-risk-management' },
      ],
    },
    {
      kind: 'upcoming',
      id: 102,
      title: 'Leadership and Management Excellence',
      courses: [
        {
          id: 4,
          code: 'LM-201',
          title: 'Strategic Leadership for Senior Managers',
          slug: 'strategic-leadership-for-senior-managers',
        },
        { id: 5, code: 'LM-202', title: 'Coaching and Mentoring Skills', slug: 'coaching-and-mentoring-skills' },
      ],
    },
    {
      kind: 'solution',
      id: 201,
      title: 'Gestión de Proyectos',
      courses: [{ id: 6, code: 'GP-301', title: 'Gestión Financiera para Gerentes', slug: 'gestion-financiera' }],
    },
    { kind: 'solution', id: 202, title: 'Energy Transition', courses: [] },
  ],
  sessionsBySlug: new Map([
    [
      'pmp-exam-preparation-bootcamp',
      [
        session('2027-03-07', '2027-03-11', 'İstanbul', 4625),
        session('2026-12-01', '2026-12-05', 'Dubai', 4875), // already over
        session('2027-02-14', '2027-02-18', 'Manama', 4400),
      ],
    ],
    ['agile-project-management-with-scrum', [session('2027-03-15', '2027-03-19', 'Dubai', 4875)]],
    [
      'strategic-leadership-for-senior-managers',
      [session('2027-02-20', '2027-02-22', 'Istanbul', 3250.5), session('2028-01-10', '2028-01-14', 'London', 6100)],
    ],
    ['coaching-and-mentoring-skills', [session('2027-05-03', '2027-05-05', 'Kuala Lumpur', 3250)]],
    ['gestion-financiera', [session('2027-04-04', '2027-04-08', 'Barcelona', 3725)]],
  ]),
};

export const fixtureIndex = () => buildSearchIndex(fixtureCatalogue, FIXTURE_NOW);
