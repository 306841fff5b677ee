'use client';

// A client component for one reason: its selects must reach the HTML whole. Rendered on the server, a long
// list of <option>s is cut by React's RSC stream into pieces (an element past 3.2 KB of a row is sent on its
// own), and where the fields stream in (a course page's sidebar, behind Suspense) the pieces arrive as
// <option>s inside hidden <div>s: invalid HTML (the W3C checker reports it). A client component gets the
// options as plain data and renders each select in one piece. It adds no behaviour: the form works without
// JavaScript as before.
import type { SearchOption, SearchOptions } from '../../lib/search/search-options';
import type { SearchQuery } from '../../lib/search/search-query';
import styles from './course-search-fields.module.css';

export type CourseSearchValues = Partial<Omit<SearchQuery, 'page'>>;

/**
 * The fields of both course-search forms (the sidebar panel and the /search page): a keyword box and the
 * category, venue, month and year selects, named as /search reads them. Plain form controls, so the forms
 * work without JavaScript. `compact`: the sidebar look, where the spec shows placeholders only — the labels
 * are still there for assistive technology, just not drawn.
 */
export function CourseSearchFields({
  idPrefix,
  options,
  values = {},
  compact = false,
}: {
  idPrefix: string;
  options: SearchOptions;
  values?: CourseSearchValues;
  compact?: boolean;
}) {
  const labelClass = compact ? 'visually-hidden' : styles.label;
  const id = (name: string) => `${idPrefix}-${name}`;
  /** A select's own props: in the compact look its "any" option shows the field's name. */
  const select = (name: 'venue' | 'month' | 'year', label: string, any: string) => ({
    id: id(name),
    name,
    label,
    anyLabel: compact ? label : any,
    labelClass,
    value: values[name],
  });
  return (
    <div className={`${styles.fields} ${compact ? styles.compact : styles.wide}`}>
      <div className={`${styles.field} ${styles.keyword}`}>
        <label className={labelClass} htmlFor={id('q')}>
          Keyword
        </label>
        <input
          id={id('q')}
          className={styles.control}
          type="search"
          name="q"
          defaultValue={values.q ?? ''}
          placeholder={compact ? 'Keyword' : 'Course, code or venue'}
          autoComplete="off"
          enterKeyHint="search"
          maxLength={200}
        />
      </div>
      <div className={`${styles.field} ${styles.full}`}>
        <label className={labelClass} htmlFor={id('category')}>
          Category
        </label>
        <select id={id('category')} className={styles.control} name="category" defaultValue={values.category ?? ''}>
          <option value="">{compact ? 'Category' : 'All categories'}</option>
          {options.categoryGroups.map((group) => (
            <optgroup key={group.label} label={group.label}>
              <Options options={group.options} />
            </optgroup>
          ))}
        </select>
      </div>
      <SelectField {...select('venue', 'Venue', 'All venues')} options={options.venues} className={styles.full} />
      <SelectField {...select('month', 'Month', 'Any month')} options={options.months} />
      <SelectField {...select('year', 'Year', 'Any year')} options={options.years} />
    </div>
  );
}

function SelectField({
  id,
  name,
  label,
  anyLabel,
  labelClass,
  options,
  value,
  className,
}: {
  id: string;
  name: string;
  label: string;
  anyLabel: string;
  labelClass: string | undefined;
  options: SearchOption[];
  value: string | number | undefined;
  className?: string | undefined;
}) {
  return (
    <div className={className ? `${styles.field} ${className}` : styles.field}>
      <label className={labelClass} htmlFor={id}>
        {label}
      </label>
      <select id={id} className={styles.control} name={name} defaultValue={value === undefined ? '' : String(value)}>
        <option value="">{anyLabel}</option>
        <Options options={options} />
      </select>
    </div>
  );
}

function Options({ options }: { options: SearchOption[] }) {
  return options.map((option) => (
    <option key={option.value} value={option.value}>
      {option.label}
    </option>
  ));
}
