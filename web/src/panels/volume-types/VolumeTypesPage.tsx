import type { ReactNode } from 'react';
import { Stack, StackItem, Title } from '@patternfly/react-core';
import { useTranslation } from '../../i18n/useTranslation';
import { msg } from '../../i18n/msg';
import type { PageProps, PanelScope } from '../../registry/types';
import { ResourceTable } from '../../ui/ResourceTable/ResourceTable';
import { qosSpecs } from './qosSpecs.resource';
import { volumeTypes } from './volumeTypes.resource';

const scopeOf = (
  panel: PageProps['panel'],
  type: string,
  names: PanelScope['names'],
): PanelScope => ({ path: panel.path, group: panel.group, type, names, home: panel.path });

/**
 * Admin › Volume Types (issue 11): the types, then the QoS specs that the types are associated
 * with, on one page as Cinder admins know them.
 */
export function VolumeTypesPage({ panel }: PageProps): ReactNode {
  const { t } = useTranslation();
  return (
    <Stack hasGutter>
      <StackItem>
        <ResourceTable
          resource={volumeTypes}
          scope={scopeOf(panel, 'OS::Cinder::VolumeType', {
            one: msg('Volume Type'),
            many: msg('Volume Types'),
          })}
        />
      </StackItem>
      <StackItem>
        <Title headingLevel="h2">{t('QoS Specs')}</Title>
        <ResourceTable
          resource={qosSpecs}
          scope={scopeOf(panel, 'OS::Cinder::QoSSpecs', {
            one: msg('QoS Spec'),
            many: msg('QoS Specs'),
          })}
        />
      </StackItem>
    </Stack>
  );
}
