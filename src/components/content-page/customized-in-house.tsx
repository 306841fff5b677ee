import { CheckCircleIcon } from '../layout/icons';
import { ButtonLink } from '../ui/button-link';
import { PageHeader } from './page-header';
import styles from './customized-in-house.module.css';
import { href } from '../../lib/site-routes';

/** The benefits the spec lists: four for onsite delivery, three for virtual learning. */
const PROGRAMMES = [
  {
    id: 'onsite',
    title: 'Customized In-House (Onsite) Training Programs',
    image: {
      src: '/images/in-house-training.svg',
      alt: 'A facilitator presenting to a team in their own meeting room',
    },
    intro:
      'We bring the classroom to you: a programme designed around your goals and delivered at your premises, on the dates that suit your team.',
    benefits: [
      {
        lead: 'Cost-effective',
        text: 'Training a whole team in one place removes travel, accommodation and per-seat fees for every participant.',
      },
      {
        lead: 'Customized to you',
        text: 'Content, case studies and exercises are built around your own processes, systems and challenges.',
      },
      {
        lead: 'Team cohesion',
        text: 'Colleagues learn side by side, build a shared language and leave with one agreed plan for applying it.',
      },
      {
        lead: 'Site visits',
        text: 'Our facilitators visit your operations before and during the programme, so every example matches your workplace.',
      },
    ],
    cta: {
      label: 'Request an in-house proposal',
      message: 'Please send us a proposal for a customized in-house (onsite) training programme for our team.',
    },
  },
  {
    id: 'virtual',
    title: 'Virtual Learning Programs',
    image: {
      src: '/images/virtual-learning.svg',
      alt: 'A laptop showing a live online class with participants joining from different places',
    },
    intro:
      'Live online classes and guided self-study that reach every office and every time zone, with the same facilitators and certificates as our classroom courses.',
    benefits: [
      {
        lead: 'Learn anytime, anywhere',
        text: 'Participants join from the office, a site or home on any device, wherever they are based.',
      },
      {
        lead: 'Self-paced learning',
        text: 'Recorded sessions and short modules let everyone learn at their own speed and revisit material when they need it.',
      },
      {
        lead: 'Reduced expenses',
        text: 'No travel, venue or catering costs, and far less time away from the job than a classroom programme.',
      },
    ],
    cta: {
      label: 'Ask about virtual programs',
      message: 'We are interested in a virtual learning programme for our team. Please tell us about the options.',
    },
  },
];

function contactHref(message: string): string {
  return href('/contact-us', { query: { trainingFor: 'team', message }, hash: 'enquiry' });
}

/** /customized-in-house: static, no admin call. */
export function CustomizedInHousePage() {
  return (
    <article aria-labelledby="page-title" className={styles.page}>
      <PageHeader
        eyebrow="Training for your organisation"
        title="Customized In-House and Virtual Training"
        lead="Programmes shaped around your people and your goals, delivered at your premises or online."
      />
      <div className="container">
        {PROGRAMMES.map((programme, index) => (
          <section
            key={programme.id}
            id={programme.id}
            className={`${styles.block} ${index % 2 === 1 ? styles.reversed : ''}`}
            aria-labelledby={`${programme.id}-title`}
          >
            <img
              className={styles.image}
              src={programme.image.src}
              alt={programme.image.alt}
              width={800}
              height={600}
              loading={index === 0 ? undefined : 'lazy'}
              fetchPriority={index === 0 ? 'high' : undefined}
            />
            <div className={styles.text}>
              <h2 id={`${programme.id}-title`} className={styles.title}>
                {programme.title}
              </h2>
              <p className={styles.intro}>{programme.intro}</p>
              <ul className={styles.benefits}>
                {programme.benefits.map((benefit) => (
                  <li key={benefit.lead}>
                    <CheckCircleIcon size={22} className={styles.check} />
                    <span>
                      <strong>{benefit.lead}.</strong> {benefit.text}
                    </span>
                  </li>
                ))}
              </ul>
              <ButtonLink href={contactHref(programme.cta.message)} variant={index === 0 ? 'primary' : 'secondary'}>
                {programme.cta.label}
              </ButtonLink>
            </div>
          </section>
        ))}
        <aside className={styles.closing} aria-label="Talk to us">
          <p>
            Not sure which format fits? <a href={href('/contact-us')}>Contact us</a> and a training adviser will help
            you compare onsite, virtual and blended options.
          </p>
        </aside>
      </div>
    </article>
  );
}
