import type { ReactNode } from 'react';
import { Alert, Card, CardBody, CardTitle, Gallery, Skeleton } from '@patternfly/react-core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from '../../i18n/useTranslation';
import type { LimitName } from '@skydeck/contract';
import { usageQueries } from '../../data/nova/usage';
import { msg, type Msg } from '../../i18n/msg';
import { formatSize } from '../../registry/formatSize';
import { LimitPie } from '../../ui/charts/LimitPie';

const TITLES: Record<LimitName, Msg> = {
  instances: msg('Instances'),
  cores: msg('VCPUs'),
  ram: msg('RAM'),
  volumes: msg('Volumes'),
  snapshots: msg('Volume Snapshots'),
  gigabytes: msg('Volume Storage'),
  floatingip: msg('Floating IPs'),
  security_group: msg('Security Groups'),
  network: msg('Networks'),
  port: msg('Ports'),
  router: msg('Routers'),
};

const FORMATS: Partial<Record<LimitName, (value: number) => string>> = {
  ram: (mb) => formatSize(mb, 'MB'),
  gigabytes: (gb) => formatSize(gb, 'GB'),
};

const isKnown = (name: string): name is LimitName => Object.hasOwn(TITLES, name);

/** The project's limits as pies (Limit Summary), in the server's order. */
export function LimitSummary(): ReactNode {
  const { t } = useTranslation();
  const limits = useQuery(usageQueries.limits());
  return (
    <Card isPlain>
      <CardTitle component="h2">{t('Limit Summary')}</CardTitle>
      <CardBody>
        {limits.isError ? (
          <Alert
            variant="warning"
            isInline
            isPlain
            title={t('Unable to retrieve limit information.')}
          />
        ) : !limits.data ? (
          <Skeleton screenreaderText={t('Loading')} height="8rem" />
        ) : (
          <Gallery hasGutter minWidths={{ default: '9rem' }} aria-label={t('Limit Summary')}>
            {limits.data
              .filter((l) => isKnown(l.name))
              .map((l) => {
                const name = l.name as LimitName;
                return (
                  <LimitPie
                    key={name}
                    title={t(TITLES[name])}
                    used={l.used}
                    limit={l.limit}
                    format={FORMATS[name]}
                  />
                );
              })}
          </Gallery>
        )}
      </CardBody>
    </Card>
  );
}
