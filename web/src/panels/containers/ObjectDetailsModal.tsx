import type { ReactNode } from 'react';
import {
  Button,
  DescriptionList,
  DescriptionListDescription,
  DescriptionListGroup,
  DescriptionListTerm,
  Modal,
  ModalBody,
  ModalFooter,
  ModalHeader,
} from '@patternfly/react-core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from '../../i18n/useTranslation';
import type { SwiftObject } from '@skydeck/contract';
import { swiftQueries } from '../../data/swift/objects';
import { formatDateTime } from '../../registry/formatDate';
import { formatSize } from '../../registry/formatSize';

/** Object details: name, hash, type, date and size, read when the modal opens. */
export function ObjectDetailsModal({
  container,
  item,
  onClose,
}: {
  container: string;
  item: SwiftObject;
  onClose: () => void;
}): ReactNode {
  const { t } = useTranslation();
  const details = useQuery(swiftQueries.details(container, item.path)).data;
  const field = (label: string, value: ReactNode): ReactNode => (
    <DescriptionListGroup>
      <DescriptionListTerm>{label}</DescriptionListTerm>
      <DescriptionListDescription>{value}</DescriptionListDescription>
    </DescriptionListGroup>
  );
  return (
    <Modal isOpen variant="medium" onClose={onClose} aria-labelledby="object-details-title">
      <ModalHeader title={t('Object Details')} labelId="object-details-title" />
      <ModalBody>
        <DescriptionList isHorizontal>
          {field(t('Name'), item.path)}
          {field(t('Hash'), details?.etag ?? '-')}
          {field(t('Content Type'), details?.content_type ?? '-')}
          {field(t('Timestamp'), formatDateTime(details?.timestamp) || '-')}
          {field(t('Size'), formatSize(details?.bytes ?? item.bytes))}
          {field(t('Large Object'), details?.is_large ? t('Yes') : t('No'))}
        </DescriptionList>
      </ModalBody>
      <ModalFooter>
        <Button onClick={onClose}>{t('Close')}</Button>
      </ModalFooter>
    </Modal>
  );
}
