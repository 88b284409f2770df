import type { ReactNode } from 'react';
import { Checkbox } from '@patternfly/react-core';
import { type FieldBaseProps, FieldFrame, useFieldIds } from './FieldFrame';

export interface CheckboxFieldProps extends FieldBaseProps {
  checked: boolean;
  onChange: (checked: boolean) => void;
  description?: ReactNode;
}

export function CheckboxField(props: CheckboxFieldProps): ReactNode {
  const ids = useFieldIds(props);
  return (
    <FieldFrame {...props} ids={ids} hideLabel>
      <Checkbox
        id={ids.id}
        name={ids.id}
        label={props.label}
        description={props.description}
        isChecked={props.checked}
        onChange={(_event, checked) => props.onChange(checked)}
        isRequired={props.isRequired}
        isDisabled={props.isDisabled}
        isValid={!props.error}
        aria-describedby={ids.describedBy}
      />
    </FieldFrame>
  );
}
