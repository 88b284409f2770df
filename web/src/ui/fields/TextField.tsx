import type { ReactNode } from 'react';
import { TextInput } from '@patternfly/react-core';
import { FieldFrame, controlProps, useFieldIds, type ValueFieldProps } from './FieldFrame';

export interface TextFieldProps extends ValueFieldProps<string> {
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
        {...controlProps(ids, props)}
        name={props.name ?? ids.id}
        type={props.type ?? 'text'}
        value={props.value}
        onChange={(_event, value) => props.onChange(value)}
        onBlur={props.onBlur}
        placeholder={props.placeholder}
        maxLength={props.maxLength}
        autoComplete={props.autoComplete}
        readOnlyVariant={props.isReadOnly ? 'default' : undefined}
        validated={ids.validated}
      />
    </FieldFrame>
  );
}
