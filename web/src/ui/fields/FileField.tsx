import type { ReactNode } from 'react';
import { useTranslation } from '../../i18n/useTranslation';
import { FileUpload } from '@patternfly/react-core';
import { type FieldBaseProps, FieldFrame, useFieldIds } from './FieldFrame';

export interface FileFieldProps extends FieldBaseProps {
  file: File | undefined;
  onFileChange: (file: File | undefined) => void;
  /**
   * Text mode: the file is read and shown in an editable text area, and the user may paste
   * instead of choosing a file (public keys, private keys for password decryption).
   */
  text?: string;
  onTextChange?: (text: string) => void;
  /** Called when a chosen file cannot be read in text mode ("Could not read the file"). */
  onReadFailed?: () => void;
  accept?: Record<string, string[]>;
}

export function FileField(props: FileFieldProps): ReactNode {
  const { t } = useTranslation();
  const ids = useFieldIds(props);
  const { onTextChange } = props;
  const textMode = onTextChange !== undefined;
  return (
    <FieldFrame {...props} ids={ids}>
      <FileUpload
        id={ids.id}
        type={textMode ? 'text' : undefined}
        value={textMode ? (props.text ?? '') : props.file}
        filename={props.file?.name ?? ''}
        filenamePlaceholder={t('Drag and drop a file or upload one')}
        // In text mode the text area carries the field's label; the file name box is named apart.
        filenameAriaLabel={
          textMode ? t('{{label}} file name', { label: props.label }) : props.label
        }
        // PF names the text area "File upload" by default, which would hide the field's label.
        aria-label={props.label}
        browseButtonText={t('Browse...')}
        clearButtonText={t('Clear')}
        hideDefaultPreview={!textMode}
        allowEditingUploadedText={textMode}
        isRequired={props.isRequired}
        isDisabled={props.isDisabled}
        validated={ids.validated}
        browseButtonAriaDescribedby={ids.describedBy}
        dropzoneProps={props.accept ? { accept: props.accept } : undefined}
        onFileInputChange={(_event, file) => props.onFileChange(file)}
        onDataChange={(_event, data) => onTextChange?.(data)}
        onTextChange={(_event, text) => onTextChange?.(text)}
        onReadFailed={() => props.onReadFailed?.()}
        onClearClick={() => {
          props.onFileChange(undefined);
          onTextChange?.('');
        }}
      />
    </FieldFrame>
  );
}
