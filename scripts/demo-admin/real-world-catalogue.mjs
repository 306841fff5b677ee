/**
 * A real-world catalogue for the demo admin (DEMO_CATALOGUE=real-world, `catalogue: 'real-world'`): the course
 * titles a Gulf training provider actually lists (leadership, finance, oil and gas, HSE, contracts,
 * maintenance), each with two near-copies ("Advanced …", "… Masterclass") as real catalogues have, a few
 * Arabic titles, and course families whose home-page names differ from their courses' words. Search is
 * tested and benched on it (issue 33): the built-in demo's few tidy titles hide how people really type.
 *
 * Plain data in the shape of content.mjs's CategoryRow, so the same builders make its payloads.
 */

/** @typedef {import('./content.mjs').CategoryRow} CategoryRow */

const AUDIENCE = ['Professionals in the Gulf who want structured practice', 'Supervisors and team leaders'];
const OUTCOMES = ['Apply the methods of the course at work', 'Plan the next steps with a clear action list'];

/**
 * Families: [home-page title, code prefix, base courses as [title, focus]]. The family title is what the home
 * page's card shows (its own page may be titled otherwise, PAGE_TITLES); each base course comes with its two
 * near-copies.
 * @type {Array<[string, string, Array<[string, string]>]>}
 */
const FAMILIES = [
  [
    'Gulf Leadership Track',
    'LDR',
    [
      ['Strategic Leadership and Change Management', 'lead organisational change with a clear strategy'],
      ['Leadership Skills for New Supervisors', 'move from colleague to supervisor with confidence'],
      ['Emotional Intelligence for Leaders', 'read and manage emotions in yourself and your team'],
      ['Coaching and Mentoring Skills', 'develop others through structured coaching conversations'],
      ['Decision Making and Problem Solving', 'frame problems and choose between options under pressure'],
      ['Building High Performance Teams', 'set goals, roles and norms that make teams perform'],
      ['Time Management and Personal Effectiveness', 'plan the week and protect time for priorities'],
      ['Delegation and Empowerment', 'delegate work and authority without losing control'],
      ['Conflict Resolution in the Workplace', 'resolve disputes between colleagues fairly and early'],
      ['Presentation Skills for Managers', 'present ideas clearly to senior audiences'],
    ],
  ],
  [
    'Boardroom Negotiation Mastery',
    'NEG',
    [
      ['Negotiation Skills', 'prepare and conduct negotiations that create value'],
      ['Influencing Without Authority', 'win support from people you do not manage'],
      ['Business Communication and Report Writing', 'write reports that decision makers read'],
      ['Customer Service Excellence', 'turn service encounters into loyalty'],
      ['Stakeholder Engagement Strategies', 'map stakeholders and keep them engaged'],
    ],
  ],
  [
    'Finance for Decision Makers',
    'FIN',
    [
      ['Financial Analysis and Reporting', 'read financial statements and report on performance'],
      ['Budgeting and Cost Control', 'prepare budgets and control costs against them'],
      ['IFRS Financial Reporting', 'apply International Financial Reporting Standards'],
      ['Internal Audit and Risk Based Auditing', 'plan and run risk based internal audits'],
      ['Treasury and Cash Flow Management', 'forecast cash and manage liquidity'],
      ['Financial Modelling in Excel', 'build financial models that survive scrutiny'],
      ['Accounts Payable and Receivable Best Practice', 'run payables and receivables with few errors'],
      ['Fraud Detection and Prevention', 'spot the signs of fraud and stop it early'],
      ['Islamic Finance and Sukuk', 'structure Islamic finance products and sukuk'],
      ['Credit Risk Management', 'assess borrowers and manage a credit portfolio'],
    ],
  ],
  [
    'Oil and Gas Operations Programme',
    'OGP',
    [
      ['Petroleum Refining Processes', 'operate distillation, hydrocracking and hydrotreating units'],
      ['Gas Processing and Conditioning', 'treat and condition natural gas for sale'],
      ['Reservoir Engineering Fundamentals', 'estimate reserves and plan reservoir development'],
      ['Drilling Operations and Well Control', 'drill safely and keep control of the well'],
      ['Pipeline Integrity Management', 'inspect pipelines and prevent corrosion failures'],
      ['Production Optimisation', 'raise output from existing wells and facilities'],
      ['Process Safety Management', 'prevent major accidents in process plants'],
      ['Crude Oil Trading and Logistics', 'trade crude cargoes and plan their shipping'],
      ['Liquefied Natural Gas Value Chain', 'follow gas from liquefaction to regasification'],
      ['Artificial Lift Systems', 'choose and run pumps and gas lift for wells'],
    ],
  ],
  [
    'Workplace Safety Academy',
    'HSE',
    [
      ['HSE Management Systems', 'build a health, safety and environment management system'],
      ['Incident Investigation and Root Cause Analysis', 'investigate incidents and find their root causes'],
      ['Fire Safety and Emergency Response', 'plan emergency response and fire safety'],
      ['Confined Space Entry', 'plan and supervise confined space work'],
      ['Risk Assessment and Hazard Identification', 'identify hazards and assess their risks'],
      ['ISO 45001 Lead Auditor', 'audit occupational health and safety systems to ISO 45001'],
      ['Permit to Work Systems', 'issue and control permits for hazardous work'],
      ['Environmental Impact Assessment', 'assess and mitigate environmental impacts of projects'],
    ],
  ],
  [
    'Contracts and Procurement Excellence',
    'CPM',
    [
      ['Contract Management and Administration', 'manage contracts from award to close out'],
      ['Procurement and Tendering', 'run tenders that are fair and give value for money'],
      ['FIDIC Contracts', 'administer construction contracts under FIDIC conditions'],
      ['Claims and Dispute Resolution', 'prepare, defend and settle contract claims'],
      ['Strategic Sourcing and Supplier Relationship Management', 'choose suppliers and manage them well'],
      ['Warehouse and Inventory Management', 'run warehouses and keep inventory accurate'],
      ['Supply Chain Management', 'plan and control the supply chain end to end'],
      ['Legal Drafting of Commercial Contracts', 'draft clear and enforceable commercial contracts'],
    ],
  ],
  [
    'Maintenance and Reliability Pathway',
    'MNT',
    [
      ['Maintenance Planning and Scheduling', 'plan and schedule maintenance work efficiently'],
      ['Reliability Centred Maintenance', 'choose maintenance tasks by failure consequences'],
      ['Predictive Maintenance and Condition Monitoring', 'monitor vibration, oil and heat to predict failures'],
      ['Rotating Equipment Maintenance', 'maintain pumps, compressors and turbines'],
      ['Electrical Maintenance and Troubleshooting', 'find and fix faults in electrical systems'],
      ['Instrumentation and Control Systems', 'calibrate instruments and tune control loops'],
      ['Asset Management ISO 55000', 'manage physical assets to ISO 55000'],
      ['Boiler and Steam System Operation', 'operate boilers and steam systems efficiently'],
    ],
  ],
  [
    'People and Projects Series',
    'PRJ',
    [
      ['Project Management Professional PMP', 'prepare for the PMP examination'],
      ['Human Resources Management', 'run the core processes of human resources'],
      ['Recruitment and Interviewing Skills', 'hire the right people with structured interviews'],
      ['Training Needs Analysis', 'find the training that closes performance gaps'],
      ['Performance Management and KPIs', 'set KPIs and review performance fairly'],
      ['Office Management and Secretarial Skills', 'run an office and support executives'],
      ['Business Continuity Planning', 'keep critical services running through disruption'],
    ],
  ],
];

/**
 * Arabic courses (their own slugs: titles do not make Latin slugs), in the Arabic family. One title carries a
 * diacritic and one a tatweel, as admin-typed Arabic often does.
 * @type {Array<[string, string, string]>}
 */
const ARABIC = [
  ['إدارة المشتريات والمناقصات', 'إدارة المشتريات والمناقصات والعقود', 'purchasing-and-tenders-ar'],
  ['مهارات السكرتارية الاحترافية', 'مهارات السكرتارية ومدير المكتب', 'professional-secretarial-skills-ar'],
  ['إعداد الموازنات التخطيطية', 'إعداد الموازنات والرقابة على التكاليف', 'planning-budgets-ar'],
  ['القيادة الإدارية الفعّالة', 'القيادة والتحفيز وبناء فرق العمل', 'effective-leadership-ar'],
  ['إدارة الموارد البشرية', 'تخطيط الموارد البشرية وتقييم الأداء', 'human-resources-ar'],
  ['السلامة والصحة المهنية', 'السلامة المهنية وإدارة المخاطر', 'occupational-safety-ar'],
  ['التحليل المالي للقوائم المالية', 'قراءة القوائم المالية وتحليلها', 'financial-statements-ar'],
  ['مهارات الاتصال الإداري', 'الاتصال الفعال والكتابة الإدارية', 'managerial-communication-ar'],
];

/** Families whose own page is titled otherwise than their home-page card, as admins often do. */
const PAGE_TITLES = {
  'Gulf Leadership Track': 'Leadership and Management Courses',
  'Boardroom Negotiation Mastery': 'Negotiation and Communication Courses',
};

/** A base title and its two near-copies, as real catalogues list them. @param {string} title */
const nearCopies = (title) => [title, `Advanced ${title}`, `${title} Masterclass`];

/** Course families whose cards are on the home page with no course listed yet (still findable by title). */
const EMPTY_FAMILIES = ['Executive Presence Retreat'];

/**
 * The real-world catalogue as category rows: the first four families are upcoming (on the home page's
 * course cards), the rest learning solutions; the Arabic family is a learning solution.
 * @returns {{ upcoming: CategoryRow[], solutions: CategoryRow[], sessionsPerCourse: number }}
 */
export function realWorldRows() {
  /** @type {CategoryRow[]} */
  const rows = FAMILIES.map(([title, prefix, bases], index) => ({
    id: 0,
    title,
    ...(PAGE_TITLES[title] ? { pageTitle: PAGE_TITLES[title] } : {}),
    prefix,
    firstCode: 101,
    motif: /** @type {const} */ (['people', 'handshake', 'chart', 'globe', 'shield', 'chart', 'network', 'people'])[
      index % 8
    ],
    audience: AUDIENCE,
    outcomes: OUTCOMES,
    courses: bases.flatMap(([base, focus]) =>
      nearCopies(base).map((title) => /** @type {[string, string]} */ ([title, focus])),
    ),
  }));
  const upcoming = rows.slice(0, 4).map((row, index) => ({
    ...row,
    id: 101 + index,
    short: `A programme of ${row.courses.length} courses: ${row.courses[0][0]} and more.`,
    startsIn: 7 + index * 9,
    timing: index % 3,
    location: ['Manama', 'Dubai', 'Riyadh', 'Doha'][index],
  }));
  upcoming.push({
    id: 101 + upcoming.length,
    title: EMPTY_FAMILIES[0],
    prefix: 'EXP',
    firstCode: 101,
    motif: 'skyline',
    short: 'Schedule to be announced.',
    startsIn: 40,
    timing: 0,
    location: 'Manama',
    audience: [],
    outcomes: [],
    courses: [],
  });
  const solutions = rows.slice(4).map((row, index) => ({ ...row, id: 201 + index }));
  solutions.push({
    id: 201 + solutions.length,
    title: 'برامج التدريب باللغة العربية',
    prefix: 'ARB',
    firstCode: 101,
    motif: 'classroom',
    audience: AUDIENCE,
    outcomes: OUTCOMES,
    courses: ARABIC.map(([title, focus, slug]) => /** @type {[string, string, string]} */ ([title, focus, slug])),
  });
  return { upcoming, solutions, sessionsPerCourse: 6 };
}
