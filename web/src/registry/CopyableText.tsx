import type { ReactNode } from 'react';
import { ClipboardCopy } from '@patternfly/react-core';
import { useTranslation } from '../i18n/useTranslation';
import type { Msg } from '../i18n/msg';

/** Long machine text (keys, certificates): monospace, expandable, with a copy button. */
export function CopyableText({ text, label }: { text: string; label: Msg }): ReactNode {
  const { t } = useTranslation();
  return (
    <ClipboardCopy
      isCode
      isReadOnly
      variant="expansion"
      hoverTip={t('Copy to clipboard')}
      clickTip={t('Copied')}
      textAriaLabel={t(label)}
      toggleAriaLabel={t('Show the whole text')}
    >
      {text}
    </ClipboardCopy>
  );
}
