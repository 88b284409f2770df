import type { ReactNode } from 'react';
import { TextArea } from '@patternfly/react-core';
import { type FieldBaseProps, FieldFrame, useFieldIds } from './FieldFrame';

export interface TextAreaFieldProps extends FieldBaseProps {
  value: string;
  onChange: (value: string) => void;
  onBlur?: () => void;
  rows?: number;
  maxLength?: number;
  placeholder?: string;
  /** Monospace-friendly: no spell checking (keys, certificates, scripts). */
  isCode?: boolean;
}

export function TextAreaField(props: TextAreaFieldProps): ReactNode {
  const ids = useFieldIds(props);
  return (
    <FieldFrame {...props} ids={ids}>
      <TextArea
        id={ids.id}
        name={ids.id}
        value={props.value}
        onChange={(_event, value) => props.onChange(value)}
        onBlur={props.onBlur}
        rows={props.rows ?? 4}
        maxLength={props.maxLength}
        placeholder={props.placeholder}
        spellCheck={props.isCode ? false : undefined}
        resizeOrientation="vertical"
        isRequired={props.isRequired}
        isDisabled={props.isDisabled}
        validated={ids.validated}
        aria-describedby={ids.describedBy}
      />
    </FieldFrame>
  );
}
