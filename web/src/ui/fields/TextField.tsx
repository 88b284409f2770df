import type { ReactNode } from 'react';
import { TextInput } from '@patternfly/react-core';
import { type FieldBaseProps, FieldFrame, useFieldIds } from './FieldFrame';

export interface TextFieldProps extends FieldBaseProps {
  value: string;
  onChange: (value: string) => void;
  onBlur?: () => void;
  type?: 'text' | 'password' | 'email' | 'url' | 'search' | 'tel';
  placeholder?: string;
  maxLength?: number;
  autoComplete?: string;
  name?: string;
  isReadOnly?: boolean;
}

export function TextField(props: TextFieldProps): ReactNode {
  const ids = useFieldIds(props);
  return (
    <FieldFrame {...props} ids={ids}>
      <TextInput
        id={ids.id}
        name={props.name ?? ids.id}
        type={props.type ?? 'text'}
        value={props.value}
        onChange={(_event, value) => props.onChange(value)}
        onBlur={props.onBlur}
        placeholder={props.placeholder}
        maxLength={props.maxLength}
        autoComplete={props.autoComplete}
        isRequired={props.isRequired}
        isDisabled={props.isDisabled}
        readOnlyVariant={props.isReadOnly ? 'default' : undefined}
        validated={ids.validated}
        aria-describedby={ids.describedBy}
      />
    </FieldFrame>
  );
}
