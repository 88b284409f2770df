import { useId, type ReactNode } from 'react';
import { useTranslation } from '../../i18n/useTranslation';
import { FormGroup, FormHelperText, HelperText, HelperTextItem } from '@patternfly/react-core';

/** Props every field shares. Texts are already translated (call t() where you build them). */
export interface FieldBaseProps {
  label: string;
  /** Defaults to a generated id; give one when a test or label elsewhere needs it. */
  id?: string;
  /** Shown under the field in the error style; marks the control invalid. */
  error?: string;
  helperText?: ReactNode;
  isRequired?: boolean;
  isDisabled?: boolean;
}

/** A field editing one value; `useForm`'s `bind(key)` gives exactly these. */
export interface ValueFieldProps<T> extends FieldBaseProps {
  value: T;
  onChange: (value: T) => void;
  onBlur?: () => void;
}

export interface FieldIds {
  id: string;
  helperId: string;
  /** Value for aria-describedby, undefined when no helper text is shown. */
  describedBy: string | undefined;
  validated: 'error' | 'default';
}

export function useFieldIds(props: Pick<FieldBaseProps, 'id' | 'error' | 'helperText'>): FieldIds {
  const generated = useId();
  const id = props.id ?? `field-${generated}`;
  const helperId = `${id}-helper`;
  const hasHelper = !!props.error || !!props.helperText;
  return {
    id,
    helperId,
    describedBy: hasHelper ? helperId : undefined,
    validated: props.error ? 'error' : 'default',
  };
}

/** The attributes a field's one control carries, whatever its kind. */
interface ControlProps {
  id: string;
  name: string;
  isRequired: boolean | undefined;
  isDisabled: boolean | undefined;
  'aria-describedby': string | undefined;
}

/**
 * Ties a control to its FieldFrame (label target, helper text) and its required and disabled
 * state the same way in every field; spread it first so a field can still override `name`.
 */
export function controlProps(ids: FieldIds, props: FieldBaseProps): ControlProps {
  return {
    id: ids.id,
    name: ids.id,
    isRequired: props.isRequired,
    isDisabled: props.isDisabled,
    'aria-describedby': ids.describedBy,
  };
}

interface FieldFrameProps extends FieldBaseProps {
  ids: FieldIds;
  children: ReactNode;
  /** Checkboxes carry their own label. */
  hideLabel?: boolean;
  /** Groups of controls (e.g. a number input with buttons) are labelled as a group. */
  isGroup?: boolean;
}

/** FormGroup + HelperText: label, required marker, error or helper text linked to the control. */
export function FieldFrame({
  label,
  ids,
  error,
  helperText,
  isRequired,
  hideLabel,
  isGroup,
  children,
}: FieldFrameProps): ReactNode {
  const { t } = useTranslation();
  return (
    <FormGroup
      label={hideLabel ? undefined : label}
      isRequired={isRequired}
      fieldId={ids.id}
      role={isGroup ? 'group' : undefined}
      isInline={false}
    >
      {children}
      {(error || helperText) && (
        <FormHelperText>
          <HelperText id={ids.helperId}>
            {error ? (
              <HelperTextItem variant="error" screenReaderText={t('error status')}>
                {error}
              </HelperTextItem>
            ) : (
              <HelperTextItem>{helperText}</HelperTextItem>
            )}
          </HelperText>
        </FormHelperText>
      )}
    </FormGroup>
  );
}
