import type { ReactNode } from 'react';
import { Checkbox } from '@patternfly/react-core';
import { type FieldBaseProps, FieldFrame, controlProps, useFieldIds } from './FieldFrame';

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
        {...controlProps(ids, props)}
        label={props.label}
        description={props.description}
        isChecked={props.checked}
        onChange={(_event, checked) => props.onChange(checked)}
        isValid={!props.error}
      />
    </FieldFrame>
  );
}
