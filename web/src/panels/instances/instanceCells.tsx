import { Fragment, useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import { Content, Label } from '@patternfly/react-core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from '../../i18n/useTranslation';
import type { Instance } from '@skydeck/contract';
import { instanceQueries } from '../../data/nova/servers';
import { detailsPath } from '../../registry/defineResource';
import { AGE_TEXTS, addressLines, ageOf } from './instanceRules';

/** The image type's details route (its manifest type code). */
const IMAGE_TYPE = 'OS::Glance::Image';

/**
 * An address that may break after its colons: an IPv6 address takes two lines rather than
 * widen a table of a dozen columns (an IPv4 one never breaks).
 */
function Breakable({ addr }: { addr: string }): ReactNode {
  const parts = addr.split(/(?<=:)(?!:)/);
  return parts.map((part, i) => (
    <Fragment key={i}>
      {i > 0 && <wbr />}
      {part}
    </Fragment>
  ));
}

/**
 * The addresses grouped by network: each network's fixed addresses, then its floating ones
 * marked as such (spec: fixed and floating distinguishable).
 */
export function Addresses({ instance }: { instance: Pick<Instance, 'addresses'> }): ReactNode {
  const { t } = useTranslation();
  const lines = addressLines(instance);
  if (lines.length === 0) return null;
  // One address a line, under its network: an IPv6 address is long enough on its own.
  return (
    <Content component="ul" isPlainList>
      {lines.map((line) => (
        <Content component="li" key={line.network}>
          <strong>{line.network}</strong>
          {line.fixed.map((addr) => (
            <div key={addr}>
              <Breakable addr={addr} />
            </div>
          ))}
          {line.floating.map((addr) => (
            <div key={addr}>
              <Breakable addr={addr} />{' '}
              <Label isCompact variant="outline" color="blue">
                {t('Floating IP')}
              </Label>
            </div>
          ))}
        </Content>
      ))}
    </Content>
  );
}

/** The boot image's name, linking to its details; "(booted from volume)" without one. */
export function ImageName({ instance }: { instance: Pick<Instance, 'image'> }): ReactNode {
  const { t } = useTranslation();
  const { image } = instance;
  if (!image) return t('(booted from volume)');
  return <Link to={detailsPath(IMAGE_TYPE, image.id)}>{image.name ?? image.id}</Link>;
}

/** How long ago the instance was created, with the exact time in the tooltip. */
export function AgeText({ created }: { created: string | null }): ReactNode {
  const { t } = useTranslation();
  // The time the cell was first shown: an age in whole units needs no ticking clock.
  const [now] = useState(Date.now);
  const age = ageOf(created, now);
  if (!age || !created) return null;
  return (
    <time dateTime={created} title={created}>
      {t(AGE_TEXTS[age.unit], { count: age.count })}
    </time>
  );
}

/** The instance's security groups by name (asked when the Overview shows), "None" without. */
export function SecurityGroups({ id }: { id: string }): ReactNode {
  const { t } = useTranslation();
  const groups = useQuery(instanceQueries.securityGroups(id));
  if (!groups.data) return null;
  if (groups.data.length === 0) return t('None');
  return (
    <Content component="ul" isPlainList>
      {groups.data.map((g) => (
        <Content component="li" key={g.id} title={g.description ?? undefined}>
          {g.name}
        </Content>
      ))}
    </Content>
  );
}
