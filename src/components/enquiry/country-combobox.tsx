'use client';
/**
 * react-select over the 249 countries: value = 2-letter code, label = English name (with the local name
 * beside it in the menu), menu at most 300 px high, Page Up/Down move 5 options, and the spec's
 * 'No options', 'Loading...' and 'Select...' texts. What is typed is matched by `findCountries` (codes,
 * everyday names such as 'UAE' or 'KSA', local names; best match first) rather than react-select's filter. The default theme's placeholder grey and selected blue fall below AA contrast,
 * so the colours come from the site's tokens.
 */
import { useMemo, useState } from 'react';
import Select, { components, type InputProps, type SingleValueProps, type StylesConfig } from 'react-select';
import { COUNTRIES, findCountries, type Country } from '../../lib/enquiry/countries';
import type { CountryControlProps } from './country-select';

const styles: StylesConfig<Country, false> = {
  control: (base, state) => ({
    ...base,
    minHeight: 46,
    borderRadius: 'var(--radius)',
    borderWidth: state.isFocused || state.selectProps['aria-invalid'] ? 2 : 1,
    borderColor: state.selectProps['aria-invalid']
      ? 'var(--color-accent)'
      : state.isFocused
        ? 'var(--color-focus)'
        : '#6b7580',
    boxShadow: 'none',
    outline: state.isFocused ? '3px solid var(--color-focus)' : 'none',
    outlineOffset: 2,
    backgroundColor: '#fff',
    ':hover': { borderColor: state.isFocused ? 'var(--color-focus)' : 'var(--color-brand)' },
  }),
  placeholder: (base) => ({ ...base, color: 'var(--color-muted)' }),
  singleValue: (base) => ({ ...base, color: 'var(--color-text)' }),
  dropdownIndicator: (base) => ({ ...base, color: 'var(--color-muted)' }),
  indicatorSeparator: (base) => ({ ...base, backgroundColor: 'var(--color-border)' }),
  menu: (base) => ({ ...base, zIndex: 20, borderRadius: 'var(--radius)' }),
  option: (base, state) => ({
    ...base,
    color: state.isSelected ? '#fff' : 'var(--color-text)',
    backgroundColor: state.isSelected ? 'var(--color-brand)' : state.isFocused ? 'var(--color-brand-soft)' : '#fff',
    ':active': { backgroundColor: state.isSelected ? 'var(--color-brand)' : 'var(--color-brand-soft)' },
  }),
  noOptionsMessage: (base) => ({ ...base, color: 'var(--color-muted)' }),
  loadingMessage: (base) => ({ ...base, color: 'var(--color-muted)' }),
};

const valueId = (instanceId: unknown) => `${String(instanceId)}-value`;

/** The chosen country, with an id the input is described by. */
function CountryValue(props: SingleValueProps<Country, false>) {
  return (
    <components.SingleValue
      {...props}
      innerProps={{ ...props.innerProps, id: valueId(props.selectProps.instanceId) }}
    />
  );
}

export default function CountryCombobox({ inputId, instanceId, value, onChange, errorId }: CountryControlProps) {
  // react-select sets aria-describedby to its own placeholder/live region; add the field's error to it, and
  // the chosen country: react-select shows it beside an empty input, so a visitor coming back to the field
  // would hear nothing of it.
  const Input = useMemo(
    () =>
      function CountryInput(props: InputProps<Country, false>) {
        const chosen = props.hasValue ? valueId(props.selectProps.instanceId) : undefined;
        const describedBy = [chosen, props['aria-describedby'], errorId].filter(Boolean).join(' ') || undefined;
        return <components.Input {...props} aria-describedby={describedBy} aria-required="true" />;
      },
    [errorId],
  );
  const [typed, setTyped] = useState('');
  const options = useMemo(() => findCountries(typed), [typed]);
  const selected = COUNTRIES.find((country) => country.value === value) ?? null;
  return (
    <Select<Country, false>
      instanceId={instanceId}
      inputId={inputId}
      name="country"
      options={options}
      filterOption={null}
      onInputChange={(input) => setTyped(input)}
      formatOptionLabel={(country, { context }) =>
        context === 'menu' && country.native !== country.label ? (
          <>
            {country.label} ({country.native})
          </>
        ) : (
          country.label
        )
      }
      value={selected}
      onChange={(option) => onChange(option?.value ?? '')}
      maxMenuHeight={300}
      pageSize={5}
      noOptionsMessage={() => 'No options'}
      loadingMessage={() => 'Loading...'}
      placeholder="Select..."
      aria-invalid={errorId ? true : undefined}
      aria-errormessage={errorId}
      components={{ Input, SingleValue: CountryValue }}
      styles={styles}
    />
  );
}
