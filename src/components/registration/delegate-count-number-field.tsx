/**
 * The number of delegates as react-aria's NumberField: a stepper, arrow keys and a typed number, the blocks
 * following it as it changes. Loaded only when the visitor comes to the registration form (its code, and the
 * locale data react-aria reads while its module is evaluated, were the page's longest tasks after the first
 * paint, record 046); until then the native select stands in its place (DelegateCountField).
 */
import { Button, Group, Input, Label, NumberField } from 'react-aria-components';
import { DELEGATE_COUNT_FIELD, MAX_DELEGATES } from '../../lib/enquiry/schema';
import { FieldError } from '../enquiry/fields';
import formStyles from '../enquiry/enquiry-form.module.css';
import styles from './registration-form.module.css';

export type DelegateCountControlProps = {
  prefix: string;
  id: string;
  hintId: string;
  /** The ids that describe the field: its hint, and its error when it has one. */
  describedBy: string;
  error: string | undefined;
  count: number;
  onChange: (count: number) => void;
};

export default function DelegateCountNumberField({
  prefix,
  id,
  hintId,
  describedBy,
  error,
  count,
  onChange,
}: DelegateCountControlProps) {
  return (
    <NumberField
      className={formStyles.field}
      name={DELEGATE_COUNT_FIELD}
      id={id}
      minValue={1}
      maxValue={MAX_DELEGATES}
      step={1}
      value={count}
      onChange={(value) => onChange(Number.isFinite(value) ? Math.min(MAX_DELEGATES, Math.max(1, value)) : 1)}
      formatOptions={{ maximumFractionDigits: 0 }}
      isRequired
      isInvalid={Boolean(error)}
      validationBehavior="aria"
      aria-describedby={describedBy}
    >
      <Label className={formStyles.label}>Number of delegates</Label>
      <p id={hintId} className={formStyles.hint}>
        From 1 to {MAX_DELEGATES}. A block for each delegate follows.
      </p>
      {/* react-aria gives the stepper's group no name; one without a name is read as just "group" */}
      <Group className={styles.countGroup} aria-label="Number of delegates">
        <Button slot="decrement" className={styles.stepper}>
          −
        </Button>
        <Input className={`${formStyles.input} ${styles.countInput}`} />
        <Button slot="increment" className={styles.stepper}>
          +
        </Button>
      </Group>
      <FieldError prefix={prefix} name={DELEGATE_COUNT_FIELD} error={error} />
    </NumberField>
  );
}
