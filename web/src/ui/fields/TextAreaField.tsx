import type { ReactNode } from 'react';
import { TextArea } from '@patternfly/react-core';
import { FieldFrame, controlProps, useFieldIds, type ValueFieldProps } from './FieldFrame';

export interface TextAreaFieldProps extends ValueFieldProps<string> {
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
        {...controlProps(ids, props)}
        value={props.value}
        onChange={(_event, value) => props.onChange(value)}
        onBlur={props.onBlur}
        rows={props.rows ?? 4}
        maxLength={props.maxLength}
        placeholder={props.placeholder}
        spellCheck={props.isCode ? false : undefined}
        resizeOrientation="vertical"
        validated={ids.validated}
      />
    </FieldFrame>
  );
}
