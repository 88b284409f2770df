import { useMemo, type ReactNode } from 'react';
import { useTranslation } from '../../i18n/useTranslation';
import { TransferPicker, type TransferEntry } from '../../ui/TransferPicker/TransferPicker';

export interface HostPickerProps {
  /** Every compute host (from the compute services). */
  hosts: readonly string[];
  /** The hosts in the aggregate. */
  chosen: readonly string[];
  onChange: (hosts: string[]) => void;
}

// Host names sort by code unit, as Nova lists them (not by the user's locale).
const byHostName = (a: TransferEntry, b: TransferEntry): number =>
  a.name < b.name ? -1 : a.name > b.name ? 1 : 0;

/** Compute hosts moved between "Available hosts" and "Selected hosts" (a transfer list). */
export function HostPicker({ hosts, chosen, onChange }: HostPickerProps): ReactNode {
  const { t } = useTranslation();
  // A member host that has no service any more is still listed (by name), so it can be removed.
  const entries = useMemo(() => hosts.map((h) => ({ id: h, name: h })), [hosts]);
  return (
    <TransferPicker
      entries={entries}
      chosen={chosen}
      onChange={onChange}
      itemIdPrefix="host-"
      listMinHeight="10rem"
      compare={byHostName}
      labels={{
        available: t('Available hosts'),
        selected: t('Selected hosts'),
        addMarked: t('Add marked hosts'),
        addAll: t('Add all hosts'),
        removeAll: t('Remove all hosts'),
        removeMarked: t('Remove marked hosts'),
      }}
    />
  );
}
