/**
 * Demo content for the admin content API (see /work/shared/admin-api-contract.md).
 *
 * A fictional provider, "Dilmun Academy (Demo)", in Manama, Bahrain. Everything is generated from the small
 * tables below; dates are relative to the UTC day of `now`, and the only randomness is a PRNG seeded by
 * entity names, so the same day always gives the same content.
 *
 * Known edge cases, kept on purpose so the site's empty states can be seen:
 * - `/upcoming-training/details/112` and `/learning-solution-training/details/208` have an empty
 *   `training_course` list;
 * - `/course-venue/details/stakeholder-management-and-communication` has no sessions (`course_venue: []`).
 */

import { createRng, hashString } from './images.mjs';
import { realWorldRows } from './real-world-catalogue.mjs';

/** @typedef {import('./images.mjs').ImageSpec} ImageSpec */
/** @typedef {import('./images.mjs').Motif} Motif */

/**
 * @typedef {object} Settings
 * @property {string} logo
 * @property {string} phone
 * @property {string} messenger
 * @property {string} whatsapp
 * @property {string} facebook
 * @property {string} instagram
 * @property {string} twitter
 * @property {string} linkedin
 *
 * @typedef {{ image: string, title: string, back_link: string }} IntroTile
 * @typedef {{ id: number, title: string, short_desc: string, thumb_image: string, remaining_time: string,
 *   starting_date: string, class_timing: string, location: string }} UpcomingCourse
 * @typedef {{ id: number, title: string, thumb_image: string }} LearningSolution
 * @typedef {{ image: string, title: string }} GalleryItem
 * @typedef {{ id: number, code: string, title: string, slug: string }} TrainingCourse
 * @typedef {{ title: string, training_course: TrainingCourse[] }} CourseCategory
 * @typedef {{ start_date: string, end_date: string, venue_name: string, course_fee: number }} CourseVenue
 * @typedef {{ title: string, description: string, course_venue: CourseVenue[] }} SubCourse
 * @typedef {{ title: string, sub_title: string, video?: string, banner?: string }} HomeHero
 * @typedef {{ title: string, description: string, banner: string }} HomeIntro
 * @typedef {{ title: string, description: string, image?: string }} SingleImagePage
 * @typedef {{ title: string, description: string, first_image?: string, second_image?: string }} TwoImagePage
 *
 * @typedef {Record<string, unknown>} DemoContent  API path (relative to /api) → `data` payload.
 */

/** Category ids whose `training_course` list is empty, and sub-course slugs with no sessions. */
export const DEMO_EDGE_CASES = Object.freeze({
  emptyUpcomingCategoryIds: Object.freeze([112]),
  emptyLearningSolutionCategoryIds: Object.freeze([208]),
  noSessionSlugs: Object.freeze(['stakeholder-management-and-communication']),
});

export const PROVIDER_NAME = 'Dilmun Academy (Demo)';
export const DEMO_DOMAIN = 'demo.example';

const DAY_MS = 24 * 60 * 60 * 1000;

// ---------------------------------------------------------------------------------------------------------
// Tables
// ---------------------------------------------------------------------------------------------------------

/** Venue name, fee factor, first day of the working week (0 = Sunday, 1 = Monday). */
const VENUES = [
  { name: 'Manama', factor: 0.9, weekStart: 0 },
  { name: 'Dubai', factor: 1, weekStart: 1 },
  { name: 'Riyadh', factor: 1, weekStart: 0 },
  { name: 'Doha', factor: 1, weekStart: 0 },
  { name: 'Istanbul', factor: 0.95, weekStart: 1 },
  { name: 'Kuala Lumpur', factor: 0.9, weekStart: 1 },
  { name: 'London', factor: 1.25, weekStart: 1 },
  { name: 'Paris', factor: 1.25, weekStart: 1 },
  { name: 'Barcelona', factor: 1.15, weekStart: 1 },
  { name: 'Vienna', factor: 1.2, weekStart: 1 },
];

/** Base fee in US dollars by course length in days. */
const BASE_FEE = { 3: 3250, 5: 4875 };

const TIMINGS = ['09:00 - 15:00', '08:30 - 14:30', '10:00 - 16:00'];

/**
 * @typedef {object} CategoryRow
 * @property {number} id
 * @property {string} title         As the category lists (the home page's cards) name it.
 * @property {string} [pageTitle]   The category's own title on its page, when it differs.
 * @property {string} prefix        Course code prefix.
 * @property {number} firstCode     Number of the first course code.
 * @property {Motif} motif
 * @property {string[]} audience    "Who should attend" bullets.
 * @property {string[]} outcomes    "What you will be able to do" bullets.
 * @property {Array<[string, string] | [string, string, string]>} courses  [title, "helps participants …" focus,
 *                                  own slug (titles that make no Latin slug)].
 * @property {string} [short]       short_desc (upcoming only).
 * @property {number} [startsIn]    Days from today to the start (upcoming only; negative = already started).
 * @property {number} [timing]      Index into TIMINGS (upcoming only).
 * @property {string} [location]    (upcoming only)
 */

/** @type {CategoryRow[]} Open (upcoming) course categories, ids 101..112. */
const UPCOMING = [
  {
    id: 101,
    title: 'Project Management Professional (PMP)® Exam Preparation',
    prefix: 'PM',
    firstCode: 101,
    motif: 'chart',
    short:
      'An intensive programme covering people, process and business environment domains, with mock exams and a study plan for the PMP® certification.',
    startsIn: 5,
    timing: 0,
    location: 'Manama',
    audience: [
      'Project managers and project coordinators',
      'Team leaders who run cross-functional initiatives',
      'Engineers and analysts moving into project roles',
    ],
    outcomes: [
      'Plan scope, schedule and budget with a clear baseline',
      'Choose between predictive, agile and hybrid approaches',
      'Report progress with earned-value measures that executives trust',
    ],
    courses: [
      [
        'PMP Exam Preparation Bootcamp',
        'prepare for the PMP® examination with timed practice on all three exam domains',
      ],
      ['Agile Project Management with Scrum', 'run iterative delivery with Scrum roles, events and artefacts'],
      ['Project Risk Management', 'identify, quantify and respond to project risks before they become issues'],
      [
        'Project Scheduling and Cost Control',
        'build realistic schedules and keep costs under control with earned value',
      ],
      [
        'Stakeholder Management and Communication',
        'map stakeholders, manage expectations and communicate with influence',
      ],
    ],
  },
  {
    id: 102,
    title: 'Leadership and Management Excellence',
    prefix: 'LM',
    firstCode: 201,
    motif: 'people',
    short:
      'Practical leadership tools for managers who want to build trust, lead change and get the best from their teams.',
    startsIn: 2,
    timing: 1,
    location: 'Dubai',
    audience: [
      'Newly appointed and experienced managers',
      'Heads of section and department heads',
      'High-potential staff in succession plans',
    ],
    outcomes: [
      'Adapt your leadership style to people and situations',
      'Hold motivating performance conversations',
      'Lead teams through change with less resistance',
    ],
    courses: [
      ['Strategic Leadership for Senior Managers', 'translate strategy into priorities their teams understand and own'],
      ['Leading High-Performance Teams', 'set clear goals, build accountability and keep teams engaged'],
      ['Coaching and Mentoring Skills', 'use structured coaching conversations to develop their people'],
      ['Emotional Intelligence for Leaders', 'recognise and manage emotions to lead with more impact'],
      ['Change Management Essentials', 'plan, communicate and sustain organisational change'],
      ['Decision Making and Problem Solving', 'apply structured techniques to complex business decisions'],
      // a slug that is not ASCII, as real admins write them: it must reach the admin encoded exactly once
      ['Café Leadership', 'lead informal conversations that build trust across teams', 'café-leadership'],
    ],
  },
  {
    id: 103,
    title: 'Finance for Non-Finance Managers',
    prefix: 'FN',
    firstCode: 301,
    motif: 'chart',
    short:
      'Read financial statements with confidence, understand budgets and make decisions that improve the bottom line.',
    startsIn: -3,
    timing: 0,
    location: 'Manama',
    audience: [
      'Managers responsible for a budget',
      'Engineers, sales and operations professionals',
      'Anyone who presents business cases to finance',
    ],
    outcomes: [
      'Read a balance sheet, income statement and cash-flow statement',
      'Build and defend a departmental budget',
      'Evaluate investments with payback, NPV and IRR',
    ],
    courses: [
      [
        'Finance Fundamentals for Non-Finance Managers',
        'understand the language of finance and the numbers behind business decisions',
      ],
      ['Budgeting and Forecasting', 'prepare realistic budgets and rolling forecasts'],
      ['Financial Statement Analysis', 'analyse performance and financial health with key ratios'],
      ['Cost Management and Profitability', 'find the real cost drivers and improve margins'],
    ],
  },
  {
    id: 104,
    title: 'HR Analytics and Workforce Planning',
    prefix: 'HR',
    firstCode: 401,
    motif: 'network',
    short: 'Turn people data into insight: measure what matters in HR and plan the workforce your strategy needs.',
    startsIn: 12,
    timing: 2,
    location: 'Riyadh',
    audience: [
      'HR business partners and HR managers',
      'Talent, learning and reward specialists',
      'HRIS and people-analytics analysts',
    ],
    outcomes: [
      'Define HR metrics linked to business outcomes',
      'Build a workforce plan from demand and supply scenarios',
      'Present people data as a clear, persuasive story',
    ],
    courses: [
      ['HR Analytics Fundamentals', 'collect, clean and analyse HR data to answer real business questions'],
      ['Strategic Workforce Planning', 'forecast workforce needs and close capability gaps'],
      ['Talent Acquisition Strategies', 'attract and select the right talent in a competitive market'],
      ['Performance Management Systems', 'design performance processes that drive results and development'],
      ['Compensation and Benefits Design', 'build fair, competitive and affordable reward structures'],
    ],
  },
  {
    id: 105,
    title: 'Procurement and Supply Chain Management',
    prefix: 'PS',
    firstCode: 501,
    motif: 'globe',
    short:
      'Strategic sourcing, contract management and supply-chain risk for professionals who buy and move goods and services.',
    startsIn: 19,
    timing: 0,
    location: 'Istanbul',
    audience: [
      'Procurement officers and buyers',
      'Supply-chain and logistics professionals',
      'Contract and category managers',
    ],
    outcomes: [
      'Develop category strategies and sourcing plans',
      'Negotiate better value and manage supplier performance',
      'Map and reduce supply-chain risk',
    ],
    courses: [
      ['Strategic Procurement and Sourcing', 'develop sourcing strategies that deliver value beyond price'],
      ['Contract Management and Negotiation', 'negotiate, draft and manage contracts through their life cycle'],
      ['Supply Chain Risk Management', 'anticipate disruptions and build resilient supply chains'],
      ['Inventory and Warehouse Management', 'optimise stock levels, warehouse layout and service levels'],
    ],
  },
  {
    id: 106,
    title: 'Oil and Gas Health, Safety and Process Safety',
    prefix: 'OG',
    firstCode: 601,
    motif: 'shield',
    short: 'Process safety, permit-to-work and incident investigation for upstream and downstream operations.',
    startsIn: -20,
    timing: 1,
    location: 'Doha',
    audience: ['Operations and maintenance supervisors', 'HSE officers and engineers', 'Plant and facility managers'],
    outcomes: [
      'Apply the elements of a process safety management system',
      'Lead hazard studies and control high-risk work',
      'Investigate incidents and prevent recurrence',
    ],
    courses: [
      ['Process Safety Management', 'implement the core elements of process safety in operating facilities'],
      ['HAZOP Study Leadership', 'plan, facilitate and record effective hazard and operability studies'],
      ['Permit to Work Systems', 'control high-risk activities with robust permit-to-work practice'],
      [
        'Incident Investigation and Root Cause Analysis',
        'find the root causes of incidents and agree lasting corrective actions',
      ],
      ['Emergency Response Planning', 'prepare, exercise and improve emergency response plans'],
    ],
  },
  {
    id: 107,
    title: 'Cybersecurity Awareness and Information Security',
    prefix: 'CY',
    firstCode: 701,
    motif: 'network',
    short:
      'Protect your organisation from phishing, data leaks and ransomware with practical, non-technical security habits.',
    startsIn: 26,
    timing: 2,
    location: 'Dubai',
    audience: [
      'All staff who handle company information',
      'Team leaders responsible for data',
      'IT and compliance coordinators',
    ],
    outcomes: [
      'Recognise phishing and social-engineering attempts',
      'Handle sensitive data according to policy',
      'Respond correctly when something looks wrong',
    ],
    courses: [
      ['Cybersecurity Awareness for All Staff', 'adopt everyday habits that keep information and systems safe'],
      [
        'Information Security Management (ISO/IEC 27001)',
        'understand and implement an information security management system',
      ],
      [
        'Phishing and Social Engineering Defence',
        'spot and report manipulation attempts by e-mail, phone and social media',
      ],
    ],
  },
  {
    id: 108,
    title: 'Customer Service Excellence',
    prefix: 'CS',
    firstCode: 801,
    motif: 'handshake',
    short:
      'Deliver consistently excellent service, handle difficult customers calmly and turn complaints into loyalty.',
    startsIn: 40,
    timing: 0,
    location: 'Manama',
    audience: [
      'Front-line and contact-centre staff',
      'Customer service supervisors',
      'Relationship and account managers',
    ],
    outcomes: [
      'Communicate with empathy and clarity',
      'Resolve complaints and recover service',
      'Measure and improve customer satisfaction',
    ],
    courses: [
      ['Customer Service Excellence', 'deliver service that customers remember for the right reasons'],
      ['Complaint Handling and Service Recovery', 'handle complaints calmly and win back customer trust'],
      ['Customer Experience Design', 'map customer journeys and remove points of friction'],
    ],
  },
  {
    id: 109,
    title: 'Business Communication and Negotiation',
    prefix: 'BC',
    firstCode: 901,
    motif: 'people',
    short: 'Write clearly, present persuasively and negotiate agreements that last.',
    startsIn: 54,
    timing: 1,
    location: 'London',
    audience: [
      'Professionals who write reports and proposals',
      'Managers who present to senior audiences',
      'Anyone who negotiates with clients or suppliers',
    ],
    outcomes: [
      'Structure messages for busy readers',
      'Present with confidence and handle questions',
      'Prepare and conduct principled negotiations',
    ],
    courses: [
      ['Business Writing and Report Preparation', 'write clear e-mails, reports and proposals that get read'],
      ['Presentation Skills for Professionals', 'design and deliver presentations that persuade'],
      ['Negotiation Skills and Techniques', 'prepare for and conduct negotiations that create value for both sides'],
    ],
  },
  {
    id: 110,
    title: 'Data Analysis and Business Intelligence',
    prefix: 'DA',
    firstCode: 1001,
    motif: 'chart',
    short: 'From spreadsheets to dashboards: analyse data and share insight that drives better decisions.',
    startsIn: 75,
    timing: 2,
    location: 'Kuala Lumpur',
    audience: [
      'Analysts and reporting specialists',
      'Managers who rely on dashboards',
      'Finance, sales and operations professionals',
    ],
    outcomes: [
      'Clean, model and analyse business data',
      'Build interactive dashboards',
      'Communicate findings with the right charts',
    ],
    courses: [
      ['Data Analysis with Excel', 'use PivotTables, lookups and Power Query to analyse business data'],
      ['Power BI Dashboards', 'build interactive Power BI reports and share them securely'],
      ['Data-Driven Decision Making', 'frame questions, read evidence and decide with data'],
    ],
  },
  {
    id: 111,
    title: 'Quality Management and Operational Excellence',
    prefix: 'QO',
    firstCode: 1101,
    motif: 'shield',
    short: 'Lean, Six Sigma and ISO 9001 tools to improve processes, reduce waste and sustain quality.',
    startsIn: 110,
    timing: 0,
    location: 'Paris',
    audience: [
      'Quality and process-improvement professionals',
      'Operations managers and supervisors',
      'Internal auditors',
    ],
    outcomes: [
      'Map processes and remove waste',
      'Solve problems with the DMAIC method',
      'Audit a quality management system',
    ],
    courses: [
      ['Lean Six Sigma Green Belt', 'lead improvement projects with Lean and Six Sigma tools'],
      ['ISO 9001 Internal Auditor', 'plan and conduct internal audits of a quality management system'],
      ['Operational Excellence and Continuous Improvement', 'build a culture of continuous improvement'],
    ],
  },
  {
    id: 112,
    title: 'Artificial Intelligence for Business Leaders',
    prefix: 'AI',
    firstCode: 1201,
    motif: 'network',
    short: 'What AI can and cannot do for your organisation: opportunities, risks and a practical adoption roadmap.',
    startsIn: 150,
    timing: 1,
    location: 'Vienna',
    audience: [],
    outcomes: [],
    courses: [], // Schedule not published yet: shows the "No details available." state.
  },
];

/** @type {CategoryRow[]} Learning-solution categories, ids 201..208. */
const LEARNING_SOLUTIONS = [
  {
    id: 201,
    title: 'Leadership Development Programmes',
    prefix: 'LD',
    firstCode: 201,
    motif: 'people',
    audience: ['Managers at every level', 'Leadership talent pools', 'HR and learning leaders designing programmes'],
    outcomes: [
      'Lead with purpose and clarity',
      'Develop others through feedback and coaching',
      'Think strategically about the organisation',
    ],
    courses: [
      ['First-Time Managers Programme', 'make a confident transition from colleague to manager'],
      ['Middle Management Development', 'balance operational delivery with people leadership'],
      ['Executive Leadership Programme', 'shape strategy, culture and performance at executive level'],
      ['Women in Leadership', 'build presence, networks and career strategies for senior roles'],
      ['Leading Across Cultures', 'lead diverse, multinational teams effectively'],
      ['Strategic Thinking and Business Acumen', 'connect daily decisions to strategy and financial results'],
      ['Leading Remote and Hybrid Teams', 'keep distributed teams aligned, productive and connected'],
      ['Succession Planning and Talent Pipelines', 'identify and prepare successors for critical roles'],
    ],
  },
  {
    id: 202,
    title: 'Digital Transformation',
    prefix: 'DT',
    firstCode: 301,
    motif: 'network',
    audience: ['Business and IT leaders', 'Transformation and innovation teams', 'Product and process owners'],
    outcomes: [
      'Build a digital transformation roadmap',
      'Adopt agile ways of working',
      'Evaluate emerging technologies for business value',
    ],
    courses: [
      ['Digital Transformation Strategy', 'define and lead a digital transformation roadmap'],
      ['Agile Ways of Working', 'apply agile principles beyond software teams'],
      ['Cloud Computing Essentials for Business', 'understand cloud models, costs and governance'],
      ['Robotic Process Automation for Managers', 'find and prioritise processes worth automating'],
    ],
  },
  {
    id: 203,
    title: 'Health, Safety and Environment',
    prefix: 'HS',
    firstCode: 301,
    motif: 'shield',
    audience: ['HSE professionals', 'Supervisors and line managers', 'Facility and site managers'],
    outcomes: [
      'Assess and control workplace risks',
      'Lead a positive safety culture',
      'Meet environmental obligations',
    ],
    courses: [
      ['Workplace Health and Safety Management', 'build and run an effective occupational health and safety system'],
      ['Environmental Management Systems (ISO 14001)', 'implement and maintain an environmental management system'],
      ['Fire Safety and Evacuation Planning', 'assess fire risks and plan safe evacuations'],
      ['Behaviour-Based Safety Leadership', 'influence safe behaviour through visible leadership'],
    ],
  },
  {
    id: 204,
    title: 'Banking and Islamic Finance',
    prefix: 'BF',
    firstCode: 401,
    motif: 'chart',
    audience: [
      'Bankers and credit officers',
      'Compliance and risk professionals',
      'Finance professionals entering Islamic finance',
    ],
    outcomes: [
      'Explain the main Islamic finance contracts',
      'Apply AML and KYC requirements',
      'Assess credit risk with sound analysis',
    ],
    courses: [
      ['Islamic Banking and Finance Fundamentals', 'understand the principles and products of Islamic finance'],
      ['Anti-Money Laundering and Compliance', 'detect, prevent and report money laundering'],
      ['Credit Risk Analysis', 'analyse borrowers and structure credit facilities'],
    ],
  },
  {
    id: 205,
    title: 'Public Sector Excellence',
    prefix: 'PX',
    firstCode: 501,
    motif: 'globe',
    audience: ['Government managers and officials', 'Policy and planning officers', 'Performance and quality units'],
    outcomes: [
      'Design meaningful performance indicators',
      'Analyse and evaluate public policy options',
      'Improve service delivery to citizens',
    ],
    courses: [
      ['Government Performance Management', 'set and track KPIs for public services'],
      ['Public Policy Analysis', 'analyse policy options with evidence and stakeholder input'],
      ['Public Procurement Best Practice', 'run transparent, value-for-money public tenders'],
    ],
  },
  {
    id: 206,
    title: 'Sales and Marketing',
    prefix: 'SM',
    firstCode: 601,
    motif: 'chart',
    audience: ['Sales executives and account managers', 'Marketing professionals', 'Business development managers'],
    outcomes: [
      'Grow key accounts with a structured plan',
      'Build a measurable digital marketing strategy',
      'Sell by solving customer problems',
    ],
    courses: [
      ['Strategic Account Management', 'plan and grow relationships with key accounts'],
      ['Digital Marketing Strategy', 'plan integrated, measurable digital campaigns'],
      ['Consultative Selling Skills', 'uncover needs and position solutions with confidence'],
    ],
  },
  {
    id: 207,
    title: 'Administration and Office Management',
    prefix: 'AO',
    firstCode: 701,
    motif: 'classroom',
    audience: [
      'Executive assistants and secretaries',
      'Office and administration managers',
      'Records and document controllers',
    ],
    outcomes: [
      'Manage time, priorities and the executive diary',
      'Organise records for quick, compliant retrieval',
      'Communicate professionally on behalf of leaders',
    ],
    courses: [
      ['Executive Assistant Excellence', 'become a trusted strategic partner to senior executives'],
      ['Records and Document Management', 'organise, retain and retrieve records efficiently and compliantly'],
    ],
  },
  {
    id: 208,
    title: 'Energy Transition and Sustainability',
    prefix: 'ES',
    firstCode: 801,
    motif: 'globe',
    audience: [],
    outcomes: [],
    courses: [], // Programme being designed: shows the "No details available." state.
  },
];

/** Home-intro tiles ("Unlock your learning experience with us"). */
const INTRO_TILES = [
  { title: 'Open Courses', back_link: '/', motif: 'classroom' },
  { title: 'Learning Solutions', back_link: '/learning-solutions', motif: 'network' },
  { title: 'Customized In-House Training', back_link: '/customized-in-house', motif: 'people' },
  { title: 'Destination Training', back_link: '/destination-training', motif: 'skyline' },
  { title: 'Conferences & Summits', back_link: '/conferences', motif: 'globe' },
  { title: 'Consultations', back_link: '/consultations', motif: 'handshake' },
  { title: 'Virtual Learning', back_link: '/customized-in-house', motif: 'network' },
  { title: 'Gallery', back_link: '/gallery', motif: 'classroom' },
];

/** Gallery: [title, motif]. */
const GALLERY = [
  ['PMP® bootcamp graduates, Manama', 'classroom'],
  ['Leadership retreat workshop, Dubai', 'people'],
  ['Process safety field exercise, Doha', 'shield'],
  ['Finance for non-finance managers in session', 'chart'],
  ['HR analytics lab, Riyadh', 'network'],
  ['Gulf Learning & Development Summit opening', 'globe'],
  ['Customer service role-play, Manama', 'handshake'],
  ['Negotiation skills simulation, London', 'people'],
  ['Cybersecurity awareness week, Dubai', 'network'],
  ['Lean Six Sigma floor walk, Istanbul', 'chart'],
  ['Destination programme in Kuala Lumpur', 'skyline'],
  ['Executive leadership panel, Paris', 'people'],
  ['ISO 9001 auditors at work, Vienna', 'shield'],
  ['Procurement case study competition', 'globe'],
  ['Power BI dashboard showcase', 'chart'],
  ['Graduation ceremony, Bahrain Bay', 'classroom'],
];

// ---------------------------------------------------------------------------------------------------------
// Helpers
// ---------------------------------------------------------------------------------------------------------

/** @param {string} title */
export function toSlug(title) {
  return title
    .normalize('NFKD')
    .toLowerCase()
    .replace(/[®™]/g, '')
    .replace(/&/g, ' and ')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
}

/** @param {number} ms */
const isoDate = (ms) => new Date(ms).toISOString().slice(0, 10);

/** Midnight UTC of the day of `now`. */
const utcDay = (/** @type {Date} */ now) => Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());

/** The first `weekday` (0 = Sunday) on or after `ms`. */
function nextWeekday(ms, weekday) {
  const diff = (weekday - new Date(ms).getUTCDay() + 7) % 7;
  return ms + diff * DAY_MS;
}

/** @template T @param {readonly T[]} list @param {() => number} rng @returns {T} */
const pick = (list, rng) => list[Math.floor(rng() * list.length)];

/** Markdown bullet list. @param {string[]} items */
const bullets = (items) => items.map((item) => `- ${item}`).join('\n');

// ---------------------------------------------------------------------------------------------------------
// Builders
// ---------------------------------------------------------------------------------------------------------

/**
 * @typedef {object} DemoSite
 * @property {DemoContent} content           API path → `data`.
 * @property {Map<string, ImageSpec>} images  Image file name (e.g. `gallery-01.svg`) → what to draw.
 *                                            `logo.svg` is drawn by renderLogo and is not in this map.
 */

/** Subjects and kinds the large-catalogue courses are named from (titles stay readable and unique). */
const EXTRA_SUBJECTS = [
  'Strategic Planning',
  'Budget Control',
  'Supplier Management',
  'Data Analysis',
  'Team Coaching',
  'Risk Assessment',
  'Contract Drafting',
  'Quality Auditing',
  'Change Management',
  'Customer Insight',
];
const EXTRA_KINDS = ['Foundations', 'Workshop', 'Masterclass', 'Practitioner Course', 'Bootcamp'];
/** Generated courses per category, unless `categorySize` (DEMO_CATEGORY_SIZE) says otherwise. */
const EXTRA_PER_CATEGORY = 50;

/**
 * Learning-solution categories (ids 301…) holding generated courses, so the catalogue reaches `courses`
 * sub-courses in all (DEMO_COURSES): for testing and benching the site against a large catalogue.
 * @param {number} missing  How many courses to add.
 * @param {number} perCategory  Courses per generated category (a large one: pages of 1 000 courses).
 * @returns {CategoryRow[]}
 */
function extraCategoryRows(missing, perCategory) {
  /** @type {CategoryRow[]} */
  const rows = [];
  for (let made = 0, k = 0; made < missing; k += 1) {
    const count = Math.min(perCategory, missing - made);
    const courses = Array.from({ length: count }, (_, index) => {
      const n = made + index;
      const subject = EXTRA_SUBJECTS[n % EXTRA_SUBJECTS.length];
      const kind = EXTRA_KINDS[Math.floor(n / EXTRA_SUBJECTS.length) % EXTRA_KINDS.length];
      const level = Math.floor(n / (EXTRA_SUBJECTS.length * EXTRA_KINDS.length)) + 1;
      return /** @type {[string, string]} */ ([
        `${subject} ${kind} Level ${level}`,
        `apply ${subject.toLowerCase()} methods at level ${level}`,
      ]);
    });
    rows.push({
      id: 301 + k,
      title: `Professional Catalogue ${k + 1}`,
      prefix: 'PC',
      firstCode: 1000 + made,
      motif: 'globe',
      audience: ['Professionals who want structured practice'],
      outcomes: ['Apply the methods of the course at work'],
      courses,
    });
    made += count;
  }
  return rows;
}

/**
 * Build every payload and the list of images it references.
 * @param {{ now?: Date, origin: string, courses?: number, photos?: boolean, categorySize?: number,
 *   catalogue?: 'demo' | 'real-world', descriptionChars?: number }} options  `origin`: the server
 *   origin, e.g. `http://127.0.0.1:4010`; `courses`: grow the catalogue to this many sub-courses (DEMO_COURSES);
 *   `photos`: name camera photos (`.jpg`, a `.png` logo, photos.mjs) instead of the SVG drawings;
 *   `categorySize`: how many generated courses each added category holds (DEMO_CATEGORY_SIZE, default 50);
 *   `catalogue`: 'real-world' lists real-world course titles with near-copies, Arabic titles and 6 sessions a
 *   course (real-world-catalogue.mjs; DEMO_CATALOGUE) instead of the demo's few tidy ones;
 *   `descriptionChars`: every sub-course's description runs to at least this many characters, in English and
 *   Arabic, as a real provider's page or two does (DEMO_DESCRIPTION_CHARS; default: the short template).
 * @returns {DemoSite}
 */
export function createDemoSite({
  now = new Date(),
  origin,
  courses = 0,
  photos = false,
  categorySize = EXTRA_PER_CATEGORY,
  catalogue = 'demo',
  descriptionChars = 0,
}) {
  if (!origin) throw new TypeError('createDemoSite: origin is required');
  const base = origin.replace(/\/+$/, '');
  const today = utcDay(now);

  /** @type {Map<string, ImageSpec>} */
  const images = new Map();
  /** Register an image and return its absolute URL. @param {string} name @param {ImageSpec} [spec] */
  const media = (name, spec) => {
    const file = `${name}.${photos ? (name === 'logo' ? 'png' : 'jpg') : 'svg'}`;
    if (spec) images.set(file, spec);
    return `${base}/media/${file}`;
  };

  /** @type {DemoContent} */
  const content = {};

  // --- Settings --------------------------------------------------------------------------------------------
  /** @type {Settings} */
  const settings = {
    logo: media('logo'),
    phone: 'tel:+97317000000',
    messenger: 'https://m.me/dilmun.academy.demo',
    whatsapp: 'https://wa.me/97317000000',
    facebook: 'https://facebook.example/dilmun-academy-demo',
    instagram: 'https://instagram.example/dilmun.academy.demo',
    twitter: 'https://twitter.example/DilmunDemo',
    linkedin: 'https://linkedin.example/company/dilmun-academy-demo',
  };
  content['/setting/content'] = settings;

  // --- Home -----------------------------------------------------------------------------------------------
  /** @type {HomeHero} (no `video`: the demo has no background video, so the banner is used everywhere) */
  content['/home-page/content'] = {
    title: 'Learning that moves Gulf organisations forward',
    sub_title: 'Demo site · Open courses, in-house programmes and destination training from Manama, Kingdom of Bahrain',
    banner: media('hero-banner', {
      title: 'Learning that moves Gulf organisations forward',
      subtitle: 'Dilmun Academy · demo content',
      width: 1600,
      height: 900,
      motif: 'skyline',
    }),
  };

  /** @type {HomeIntro} */
  content['/home-intro/content'] = {
    title: 'Welcome to Dilmun Academy (Demo)',
    description: HOME_INTRO,
    banner: media('intro-banner', {
      title: 'Training built around your people',
      subtitle: 'Manama · Dubai · Riyadh · Doha',
      motif: 'classroom',
    }),
  };

  /** @type {IntroTile[]} */
  content['/learning-experinece/content'] = INTRO_TILES.map(({ title, back_link, motif }) => ({
    image: media(`tile-${toSlug(title)}`, { title, width: 800, height: 600, motif }),
    title,
    back_link,
  }));

  // --- Pages ----------------------------------------------------------------------------------------------
  /** @type {SingleImagePage} */
  content['/about-us/content'] = {
    title: 'About Dilmun Academy (Demo)',
    description: ABOUT,
    image: media('about', {
      title: 'About Dilmun Academy',
      subtitle: 'Corporate training since 2009 (fictional)',
      motif: 'people',
    }),
  };
  /** @type {TwoImagePage} */
  content['/conference-summit/content'] = {
    title: 'Conferences and Summits',
    description: CONFERENCES,
    first_image: media('conferences-1', {
      title: 'Gulf Learning & Development Summit',
      subtitle: 'Manama (demo event)',
      motif: 'globe',
    }),
    second_image: media('conferences-2', {
      title: 'Leaders in conversation',
      subtitle: 'Panels, workshops and networking',
      motif: 'people',
    }),
  };
  /** @type {TwoImagePage} */
  content['/destination-training/content'] = {
    title: 'Destination Training',
    description: DESTINATION,
    first_image: media('destination-1', {
      title: 'Learn in London, Paris or Vienna',
      subtitle: 'Destination training',
      motif: 'skyline',
    }),
    second_image: media('destination-2', {
      title: 'Kuala Lumpur and Istanbul',
      subtitle: 'Study tours and site visits',
      motif: 'skyline',
    }),
  };
  /** @type {SingleImagePage} */
  content['/consultations/content'] = {
    title: 'Consultations',
    description: CONSULTATIONS,
    image: media('consultations', {
      title: 'Consulting that sticks',
      subtitle: 'Diagnose · Design · Deliver',
      motif: 'handshake',
    }),
  };

  // --- Courses --------------------------------------------------------------------------------------------
  const realWorld = catalogue === 'real-world' ? realWorldRows() : undefined;
  const upcomingRows = realWorld?.upcoming ?? UPCOMING;
  const solutionRows = realWorld?.solutions ?? LEARNING_SOLUTIONS;
  const sessionsPerCourse = realWorld?.sessionsPerCourse;
  const seenSlugs = new Set();
  let nextCourseId = 1001;

  /** Build a CourseCategory and register its sub-courses. @param {CategoryRow} row */
  const buildCategory = (row) => {
    /** @type {CourseCategory} */
    const category = {
      title: row.pageTitle ?? row.title,
      training_course: row.courses.map(([title, focus, ownSlug], index) => {
        const slug = ownSlug ?? toSlug(title);
        if (seenSlugs.has(slug)) throw new Error(`duplicate demo slug ${slug}`);
        seenSlugs.add(slug);
        const code = `${row.prefix}-${row.firstCode + index}`;
        content[`/course-venue/details/${slug}`] = buildSubCourse({
          row,
          title,
          focus,
          slug,
          code,
          index,
          today,
          sessionsPerCourse,
          descriptionChars,
        });
        return { id: nextCourseId++, code, title, slug };
      }),
    };
    return category;
  };

  /** @type {UpcomingCourse[]} */
  content['/upcoming-certification/content'] = upcomingRows.map((row) => {
    const timing = TIMINGS[row.timing ?? 0];
    const date = isoDate(today + (row.startsIn ?? 0) * DAY_MS);
    content[`/upcoming-training/details/${row.id}`] = buildCategory(row);
    return {
      id: row.id,
      title: row.title,
      short_desc: row.short ?? '',
      thumb_image: media(`course-${row.id}`, {
        title: row.title,
        subtitle: `Open course · ${row.location}`,
        width: 800,
        height: 500,
        motif: row.motif,
      }),
      // The class start in Bahrain time (UTC+03:00); starting_date is its date part.
      remaining_time: `${date}T${timing.slice(0, 5)}:00+03:00`,
      starting_date: date,
      class_timing: timing,
      location: row.location ?? 'Manama',
    };
  });

  const builtIn = [...upcomingRows, ...solutionRows].reduce((sum, row) => sum + row.courses.length, 0);
  /** @type {LearningSolution[]} */
  content['/learning-solution/content'] = [...solutionRows, ...extraCategoryRows(courses - builtIn, categorySize)].map(
    (row) => {
      content[`/learning-solution-training/details/${row.id}`] = buildCategory(row);
      return {
        id: row.id,
        title: row.title,
        thumb_image: media(`solution-${row.id}`, {
          title: row.title,
          subtitle: 'Learning solution',
          width: 640,
          height: 480,
          motif: row.motif,
        }),
      };
    },
  );

  // --- Gallery --------------------------------------------------------------------------------------------
  /** @type {GalleryItem[]} */
  content['/gallery/content'] = GALLERY.map(([title, motif], index) => ({
    image: media(`gallery-${String(index + 1).padStart(2, '0')}`, {
      title,
      subtitle: 'Dilmun Academy (demo)',
      motif: /** @type {Motif} */ (motif),
    }),
    title,
  }));

  return { content, images };
}

/**
 * Every contract path → its `data` payload.
 * @param {Parameters<typeof createDemoSite>[0]} options
 * @returns {DemoContent}
 */
export function createDemoContent(options) {
  return createDemoSite(options).content;
}

/**
 * One sub-course: a templated rich description and 0–4 sessions spread over the next twelve months.
 * @param {{ row: CategoryRow, title: string, focus: string, slug: string, code: string, index: number, today: number,
 *   sessionsPerCourse?: number, descriptionChars?: number }} args  `sessionsPerCourse`: every course has that many
 *   (real-world catalogue); `descriptionChars`: the description runs to at least this many characters.
 * @returns {SubCourse}
 */
function buildSubCourse({ row, title, focus, slug, code, index, today, sessionsPerCourse, descriptionChars = 0 }) {
  const rng = createRng(`sub-course:${slug}`);
  const days = hashString(slug) % 3 === 0 ? 3 : 5;
  const sessionCount = DEMO_EDGE_CASES.noSessionSlugs.includes(slug)
    ? 0
    : (sessionsPerCourse ?? 1 + (hashString(`count:${slug}`) % 4));

  /** @type {CourseVenue[]} */
  const sessions = [];
  for (let k = 0; k < sessionCount; k += 1) {
    const venue = pick(VENUES, rng);
    // Slot k of sessionCount within roughly 10..365 days from today.
    const offset = 10 + Math.floor(((k + rng() * 0.95) / sessionCount) * 355);
    const start = nextWeekday(today + offset * DAY_MS, venue.weekStart);
    const fee = Math.round((BASE_FEE[days] * venue.factor) / 25) * 25 + (rng() < 0.2 ? 0.5 : 0);
    sessions.push({
      start_date: isoDate(start),
      end_date: isoDate(start + (days - 1) * DAY_MS),
      venue_name: venue.name,
      course_fee: fee,
    });
  }
  sessions.sort((a, b) => a.start_date.localeCompare(b.start_date));

  const description = subCourseDescription({ row, title, focus, code, days, index });
  return {
    title,
    description: longDescription(description, { title, focus }, descriptionChars),
    course_venue: sessions,
  };
}

/**
 * The description grown to at least `chars` characters with a programme in detail, alternating English and
 * Arabic paragraphs (Arabic takes 2 bytes a character in UTF-8: what a store bounded in bytes must allow for).
 * @param {string} description  @param {{ title: string, focus: string }} course  @param {number} chars
 */
function longDescription(description, { title, focus }, chars) {
  if (description.length >= chars) return description;
  const paragraphs = [
    (n) =>
      `الجلسة ${n}: يطبق المشاركون ما تعلموه على حالة من مؤسساتهم، ويناقشون النتائج في مجموعات صغيرة، ويعدون خطة عمل قابلة للقياس يعودون بها إلى فرق العمل.`,
    (n) =>
      `Session ${n} of ${title} turns to practice: participants ${focus} on a case from their own organisation, compare approaches in small groups and note what they will change on their return.`,
    (n) =>
      `Between sessions ${n} and ${n + 1} each participant reviews a short reading, prepares questions for the facilitator and tries one tool of the course at work.`,
  ];
  const parts = [description, '### Programme in detail'];
  let length = parts.join('\n\n').length;
  for (let n = 1; length < chars; n += 1) {
    const paragraph = paragraphs[(n - 1) % paragraphs.length](n);
    parts.push(paragraph);
    length += paragraph.length + 2;
  }
  return parts.join('\n\n');
}

/** @param {{ row: CategoryRow, title: string, focus: string, code: string, days: number, index: number }} args */
function subCourseDescription({ row, title, focus, code, days, index }) {
  const openers = [
    `**${title}** helps participants ${focus}.`,
    `In this ${days}-day course participants learn to ${focus}.`,
    `Designed for busy professionals, **${title}** shows participants how to ${focus}.`,
  ];
  const opener = openers[index % openers.length];
  const sections = [
    `**Course code:** ${code} · **Category:** ${row.title} · <em>${days} days</em>`,
    `${opener} Short expert briefings alternate with case studies from organisations across the Gulf, so every idea is tried on a realistic problem before participants return to work.`,
    '### Who should attend',
    bullets(row.audience),
    '### What you will be able to do',
    bullets(row.outcomes),
  ];
  if (index % 2 === 0) {
    const plan =
      days === 5
        ? [
            'Foundations and diagnostic',
            'Tools and techniques',
            'Case study workshop',
            'Applying it in your organisation',
            'Action plan and assessment',
          ]
        : ['Foundations and diagnostic', 'Tools, techniques and case study', 'Action plan and assessment'];
    sections.push(
      '### Daily outline',
      [
        '<table>',
        '<thead><tr><th>Day</th><th>Focus</th></tr></thead>',
        '<tbody>',
        ...plan.map((focusOfDay, day) => `<tr><td>${day + 1}</td><td>${focusOfDay}</td></tr>`),
        '</tbody>',
        '</table>',
      ].join('\n'),
    );
  }
  sections.push(
    '### Format and certificate',
    `Delivered in English by practitioners with at least fifteen years of regional experience. Each participant receives a digital workbook and a <strong>certificate of completion</strong> from ${PROVIDER_NAME}.`,
    `Want this course for your own team? Ask for an [in-house version](/customized-in-house) or [contact us](/contact-us) for dates in your city.`,
  );
  return sections.join('\n\n');
}

// ---------------------------------------------------------------------------------------------------------
// Page texts (rich: Markdown with raw HTML)
// ---------------------------------------------------------------------------------------------------------

const HOME_INTRO = `Dilmun Academy is a **fictional** corporate training provider used to demonstrate this website. From our base in Manama we design and deliver programmes for companies and government entities across the Gulf.

Organisations choose us because we offer:

- open courses with published dates, venues and fees in US dollars;
- <strong>customised in-house programmes</strong> built around your own cases;
- destination training in cities such as London, Paris and Kuala Lumpur;
- conferences, summits and <em>consultations</em> that turn learning into results.

Browse our [learning solutions](/learning-solutions) or [tell us what your team needs](/contact-us).`;

const ABOUT = `## Who we are

Dilmun Academy (Demo) is an imaginary training and learning-solutions provider based in **Manama, Kingdom of Bahrain**. It exists only to show how this website presents real content: the names, numbers and events on this site are invented.

Our (fictional) team of facilitators has worked with banks, energy companies, hospitals, ministries and family businesses throughout the region. We believe adults learn best by doing, so every programme is built around practice, feedback and a plan for applying the learning at work.

## What we do

- **Open courses** in leadership, finance, project management, HR, procurement, safety and technology
- **Customised in-house programmes** delivered at your premises or online
- **Destination training** that combines learning with study visits abroad
- **Conferences and summits** for professional communities
- **Consultations** on training needs analysis, competency frameworks and learning strategy

## Our approach

<table>
<thead><tr><th>Step</th><th>What happens</th></tr></thead>
<tbody>
<tr><td>1. Diagnose</td><td>We agree the business goals and the skills gaps behind them.</td></tr>
<tr><td>2. Design</td><td>We tailor content, cases and assessment to your context.</td></tr>
<tr><td>3. Deliver</td><td>Experienced facilitators run highly interactive sessions.</td></tr>
<tr><td>4. Measure</td><td>We report on reaction, learning and <em>on-the-job</em> application.</td></tr>
</tbody>
</table>

Questions? Visit our [contact page](/contact-us) or write to [info@demo.example](mailto:info@demo.example).`;

const CONFERENCES = `## Conferences and summits that connect professionals

Each year Dilmun Academy (Demo) organises a small number of focused events where practitioners share what works. Our conferences combine keynote talks, panel debates and hands-on workshops, and they are designed for **networking as much as for listening**.

### Upcoming themes

- *Gulf Learning & Development Summit*: measuring the impact of training
- *Future of HR Forum*: people analytics, wellbeing and hybrid work
- *Process Safety Leadership Conference*: lessons from recent incidents
- *Finance Transformation Day*: automation and the modern finance function

### What we handle for you

1. Programme design and speaker management
2. Venue, registration and delegate services
3. Sponsorship packages and exhibition space
4. Post-event reports, recordings and certificates of attendance

<p>Planning an in-house conference or a leadership summit for your organisation? We can run it end to end. <strong>Contact us</strong> through the <a href="/contact-us">enquiry form</a>.</p>`;

const DESTINATION = `## Learn somewhere new

Destination training takes your team out of the daily routine. Participants follow the same rigorous programme as in Manama, in an inspiring city, with **study visits** to leading organisations arranged around the classroom sessions.

### Popular destinations

<table>
<thead><tr><th>City</th><th>Typical focus</th><th>Study visit examples</th></tr></thead>
<tbody>
<tr><td>London</td><td>Leadership, finance, governance</td><td>Financial institutions, public bodies</td></tr>
<tr><td>Paris</td><td>Strategy, innovation, customer experience</td><td>Retail and luxury brands</td></tr>
<tr><td>Vienna</td><td>Quality, public sector excellence</td><td>International organisations</td></tr>
<tr><td>Kuala Lumpur</td><td>Islamic finance, digital government</td><td>Banks and smart-city projects</td></tr>
<tr><td>Istanbul</td><td>Procurement, logistics, operations</td><td>Ports and manufacturing sites</td></tr>
</tbody>
</table>

### Why choose destination training

- Full attention on learning, away from daily interruptions
- Exposure to international practice and new networks
- Logistics handled for you: visa support letters, hotels and transfers
- The same <em>certificate of completion</em> as our Manama programmes

See the [open course calendar](/) for sessions abroad, or [ask for a tailored group programme](/contact-us).`;

const CONSULTATIONS = `## Consulting that turns learning into performance

Training only works when it is aimed at the right problem. Our (fictional) consultants help organisations decide **what to develop, in whom, and how to measure it**.

### Services

- **Training needs analysis**: interviews, surveys and job analysis to find real capability gaps
- **Competency frameworks**: clear behavioural standards for every job family
- **Learning strategy and academies**: governance, curricula and blended-learning roadmaps
- **Assessment and development centres**: fair, evidence-based talent decisions
- **Evaluation of training impact**: from reaction surveys to business results

### How an engagement runs

1. A free discovery call to understand your goals
2. A short proposal with scope, timeline and fees
3. Fieldwork with your managers and employees
4. A report with practical, prioritised recommendations and <em>quick wins</em>

<p>Ready to talk? <a href="/contact-us">Book a consultation</a> or call us on <strong>+973 1700 0000</strong> (demo number).</p>`;
