import type { ReactNode } from 'react';
import { useTranslation } from '../../i18n/useTranslation';
import { SelectField } from '../../ui/fields/SelectField';
import { diskConfigOptions, type DiskConfigChoice } from './instanceActionRules';

/** Disk Partition (Nova's OS-DCF:diskConfig), as Rebuild and Resize both ask it. */
export function DiskConfigField({
  value,
  onChange,
}: {
  value: DiskConfigChoice;
  onChange: (value: DiskConfigChoice) => void;
}): ReactNode {
  const { t } = useTranslation();
  return (
    <SelectField
      label={t('Disk Partition')}
      value={value}
      onChange={(v) => onChange(v === 'MANUAL' ? 'MANUAL' : 'AUTO')}
      options={diskConfigOptions().map((o) => ({ value: o.value, label: t(o.label) }))}
    />
  );
}
