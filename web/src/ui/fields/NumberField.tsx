import type { ReactNode } from 'react';
import { useTranslation } from '../../i18n/useTranslation';
import { NumberInput } from '@patternfly/react-core';
import { FieldFrame, useFieldIds, type ValueFieldProps } from './FieldFrame';

/** The value is '' while the user has cleared the input. */
export interface NumberFieldProps extends ValueFieldProps<number | ''> {
  min?: number;
  max?: number;
  step?: number;
  unit?: ReactNode;
}

function clamp(value: number, min: number | undefined, max: number | undefined): number {
  if (min !== undefined && value < min) return min;
  if (max !== undefined && value > max) return max;
  return value;
}

/** A number input whose minus/plus buttons stop at the bounds (disabled there). */
export function NumberField(props: NumberFieldProps): ReactNode {
  const { t } = useTranslation();
  const ids = useFieldIds(props);
  const { value, min, max, onChange } = props;
  const step = props.step ?? 1;
  const current = value === '' ? (min ?? 0) : value;
  const atMin = min !== undefined && value !== '' && value <= min;
  const atMax = max !== undefined && value !== '' && value >= max;
  return (
    <FieldFrame {...props} ids={ids}>
      <NumberInput
        value={value}
        min={min}
        max={max}
        unit={props.unit}
        isDisabled={props.isDisabled}
        validated={ids.validated}
        inputName={ids.id}
        inputAriaLabel={props.label}
        inputProps={{ id: ids.id, 'aria-describedby': ids.describedBy, step }}
        minusBtnAriaLabel={t('Decrease {{label}}', { label: props.label })}
        plusBtnAriaLabel={t('Increase {{label}}', { label: props.label })}
        minusBtnProps={{ isDisabled: props.isDisabled || atMin }}
        plusBtnProps={{ isDisabled: props.isDisabled || atMax }}
        onMinus={() => onChange(clamp(current - step, min, max))}
        onPlus={() =>
          onChange(value === '' ? clamp(min ?? step, min, max) : clamp(current + step, min, max))
        }
        onChange={(event) => {
          const raw = (event.target as HTMLInputElement).value;
          if (raw === '') return onChange('');
          const parsed = Number(raw);
          if (!Number.isNaN(parsed)) onChange(parsed);
        }}
        onBlur={props.onBlur}
      />
    </FieldFrame>
  );
}
