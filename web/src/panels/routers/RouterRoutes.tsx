import { useState, type ReactNode } from 'react';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useTranslation } from '../../i18n/useTranslation';
import type { Router } from '@skydeck/contract';
import { useRequirements } from '../../api/permissions';
import { routerMutations, routerQueries } from '../../data/neutron/routers';
import { msg } from '../../i18n/msg';
import { textColumn } from '../../registry/columns';
import { policy, type Column } from '../../registry/types';
import { confirm } from '../../ui/ConfirmDialog/confirm';
import { ModalForm } from '../../ui/ModalForm/ModalForm';
import { useForm } from '../../ui/ModalForm/useForm';
import { EditableItemTable } from '../../ui/ResourceTable/EditableItemTable';
import { TextField } from '../../ui/fields/TextField';
import { routeErrors } from './routeForm';

/** A static route (extraroute): where to, and through which address. */
type HostRoute = Router['routes'][number];

const UPDATE = policy('network', 'update_router');

function AddRouteModal({ router, onClose }: { router: Router; onClose: () => void }): ReactNode {
  const { t } = useTranslation();
  const update = useMutation(routerMutations.updateRoutes);
  const form = useForm<HostRoute>({ destination: '', nexthop: '' }, (v) =>
    Object.fromEntries(
      Object.entries(routeErrors(v, router)).map(([k, m]) => [k, m ? t(m) : undefined]),
    ),
  );
  return (
    <ModalForm
      title={t('Add Static Route')}
      submitLabel={t('Add')}
      isValid={form.isValid}
      onClose={onClose}
      onSubmit={async () => {
        const route = {
          destination: form.values.destination.trim(),
          nexthop: form.values.nexthop.trim(),
        };
        await update.mutateAsync({ id: router.id, body: { add: [route] } });
        return { updated: [router.id] };
      }}
    >
      <TextField label={t('Destination CIDR')} isRequired {...form.bind('destination')} />
      <TextField
        label={t('Next Hop')}
        isRequired
        helperText={t('An address on a subnet the router has an interface on.')}
        {...form.bind('nexthop')}
      />
    </ModalForm>
  );
}

/** The Static Routes tab: the router's extra routes, Add Static Route and Delete. */
export function RouterRoutes({ router }: { router: Router }): ReactNode {
  const { t } = useTranslation();
  const fresh = useQuery(routerQueries.detail(router.id));
  const current = fresh.data ?? router;
  const access = useRequirements([
    { requirements: [UPDATE], target: { project_id: router.project_id } },
  ]);
  const canUpdate = access.allowed[0] === true;
  const update = useMutation(routerMutations.updateRoutes);
  const [adding, setAdding] = useState(false);

  const remove = async (route: HostRoute): Promise<void> => {
    const name = `${route.destination} → ${route.nexthop}`;
    const confirmed = await confirm({
      action: t('Delete Static Route'),
      title: t('Confirm Delete Static Route'),
      body: t('You have selected "{{names}}". Deleted Static Route is not recoverable.', {
        names: name,
      }),
      danger: true,
    });
    if (confirmed) await update.mutateAsync({ id: router.id, body: { remove: [route] } });
  };

  const columns: Column<HostRoute>[] = [
    textColumn('destination', msg('Destination CIDR'), (r) => r.destination, { defaultSort: true }),
    textColumn('nexthop', msg('Next Hop'), (r) => r.nexthop),
  ];
  return (
    <>
      <EditableItemTable
        label={t('Static Routes')}
        columns={columns}
        items={current.routes}
        rowKey={(r) => `${r.destination} ${r.nexthop}`}
        addLabel={t('Add Static Route')}
        canAdd={canUpdate}
        onAdd={() => setAdding(true)}
        deleteLabel={t('Delete Static Route')}
        deleteAriaLabel={(r) => t('Delete Static Route {{name}}', { name: r.destination })}
        canDelete={canUpdate}
        onDelete={(r) => void remove(r).catch(() => undefined)}
      />
      {adding && <AddRouteModal router={current} onClose={() => setAdding(false)} />}
    </>
  );
}
