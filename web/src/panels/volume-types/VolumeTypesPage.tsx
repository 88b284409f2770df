import type { ReactNode } from 'react';
import { Stack, StackItem, Title } from '@patternfly/react-core';
import { useTranslation } from '../../i18n/useTranslation';
import { msg } from '../../i18n/msg';
import type { PageProps } from '../../registry/types';
import { PageTable } from '../../ui/ResourceTable/PageTable';
import { qosSpecs } from './qosSpecs.resource';
import { volumeTypes } from './volumeTypes.resource';

/**
 * Admin › Volume Types (issue 11): the types, then the QoS specs that the types are associated
 * with, on one page as Cinder admins know them.
 */
export function VolumeTypesPage({ panel }: PageProps): ReactNode {
  const { t } = useTranslation();
  return (
    <Stack hasGutter>
      <StackItem>
        <PageTable
          panel={panel}
          resource={volumeTypes}
          type="OS::Cinder::VolumeType"
          names={{ one: msg('Volume Type'), many: msg('Volume Types') }}
        />
      </StackItem>
      <StackItem>
        <Title headingLevel="h2">{t('QoS Specs')}</Title>
        <PageTable
          panel={panel}
          resource={qosSpecs}
          type="OS::Cinder::QoSSpecs"
          names={{ one: msg('QoS Spec'), many: msg('QoS Specs') }}
        />
      </StackItem>
    </Stack>
  );
}
