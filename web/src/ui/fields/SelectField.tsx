import type { ReactNode } from 'react';
import { FormSelect, FormSelectOption } from '@patternfly/react-core';
import { FieldFrame, controlProps, useFieldIds, type ValueFieldProps } from './FieldFrame';

export interface SelectOption {
  value: string;
  label: string;
  isDisabled?: boolean;
}

export interface SelectFieldProps extends ValueFieldProps<string> {
  options: readonly SelectOption[];
  /** A first, empty choice such as "Select a flavor" (value ''). */
  placeholder?: string;
}

/** A native select: keyboard and screen-reader behaviour come for free. */
export function SelectField(props: SelectFieldProps): ReactNode {
  const ids = useFieldIds(props);
  return (
    <FieldFrame {...props} ids={ids}>
      <FormSelect
        {...controlProps(ids, props)}
        value={props.value}
        onChange={(_event, value) => props.onChange(value)}
        onBlur={props.onBlur}
        validated={ids.validated}
      >
        {props.placeholder !== undefined && (
          <FormSelectOption value="" label={props.placeholder} isPlaceholder />
        )}
        {props.options.map((option) => (
          <FormSelectOption
            key={option.value}
            value={option.value}
            label={option.label}
            isDisabled={option.isDisabled}
          />
        ))}
      </FormSelect>
    </FieldFrame>
  );
}
