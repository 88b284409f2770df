import type { ReactNode } from 'react';
import { Progress, ProgressMeasureLocation, ProgressSize } from '@patternfly/react-core';
import { useTranslation } from '../i18n/useTranslation';

/** The bar under a transitional status label (spec 2 §2 images' "Saving", "Queued"). */
export function LoadingBar({ label }: { label: string }): ReactNode {
  const { t } = useTranslation();
  return (
    <Progress
      value={100}
      size={ProgressSize.sm}
      measureLocation={ProgressMeasureLocation.none}
      aria-label={t('{{label}} in progress', { label })}
      // PatternFly puts valueText on the progressbar; a raw aria-valuetext would land on its
      // role-less wrapper, which assistive technology must ignore (axe: aria-allowed-attr).
      valueText={t('In progress')}
    />
  );
}
