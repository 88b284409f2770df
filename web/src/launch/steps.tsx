import { useState, type ReactNode } from 'react';
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from '../i18n/useTranslation';
import {
  Alert,
  Bullseye,
  Button,
  Content,
  Flex,
  FlexItem,
  Form,
  Grid,
  GridItem,
  HelperText,
  HelperTextItem,
  Label,
  Spinner,
} from '@patternfly/react-core';
import type {
  Flavor,
  Keypair,
  LaunchSourceType,
  MetadefNamespace,
  Network,
  Port,
  SecurityGroup,
  ServerGroup,
} from '@skydeck/contract';
import { USER_DATA_MAX_BYTES } from '@skydeck/contract/launchConstants';
import { keyPairMutations } from '../data/nova/keypairs';
import { keyPairNameError } from '../data/nova/keyPairNames';
import { msg } from '../i18n/msg';
import { formatDate } from '../registry/formatDate';
import { QuotaPie } from '../ui/charts/QuotaPie';
import { downloadFile } from '../ui/downloadFile';
import { CheckboxField } from '../ui/fields/CheckboxField';
import { NumberField } from '../ui/fields/NumberField';
import { SelectField } from '../ui/fields/SelectField';
import { TextAreaField } from '../ui/fields/TextAreaField';
import { TextField } from '../ui/fields/TextField';
import { MetadataEditor } from '../ui/metadata/MetadataEditor';
import { MetadataTree } from '../ui/metadata/metadataTree';
import {
  computeQuota,
  defaultVolumeSize,
  flavorReasons,
  sourceTypes,
  volumeDefault,
  type LaunchModel,
  type SourceItem,
} from './model';
import { TransferTable } from './TransferTable';
import type { LaunchData } from './useLaunchData';
import { u } from '../ui/utilities/utilities';

/** What every step gets: the model, a way to change it, the data, and its field errors. */
export interface StepProps {
  model: LaunchModel;
  patch: (changes: Partial<LaunchModel>) => void;
  data: LaunchData;
  errors: Record<string, string>;
  sources: SourceItem[];
  source: SourceItem | undefined;
  flavor: Flavor | undefined;
}

const SOURCE_TYPE_LABELS: Record<LaunchSourceType, string> = {
  image: msg('Image'),
  snapshot: msg('Instance Snapshot'),
  volume: msg('Volume'),
  volume_snapshot: msg('Volume Snapshot'),
};

const gb = (n: number): string => `${n} GB`;

/** Instances, vCPUs and RAM as they would be after this launch (spec 3 §2). */
function QuotaCharts({ model, data, flavor }: Pick<StepProps, 'model' | 'data' | 'flavor'>) {
  const { t } = useTranslation();
  const quota = computeQuota(data.limits.data);
  if (!quota) return null;
  const count = model.instance_count === '' ? 0 : Math.max(0, model.instance_count);
  const chart = (title: string, used: number, added: number, max: number): ReactNode => (
    <FlexItem key={title}>
      <QuotaPie title={title} used={used} added={added} max={max} />
    </FlexItem>
  );
  return (
    <Flex spaceItems={{ default: 'spaceItemsXl' }} className={u.mtMd}>
      {chart(t('Instances'), quota.instances.used, count, quota.instances.max)}
      {chart(t('VCPUs'), quota.cores.used, (flavor?.vcpus ?? 0) * count, quota.cores.max)}
      {chart(t('RAM (MB)'), quota.ram.used, (flavor?.ram ?? 0) * count, quota.ram.max)}
    </Flex>
  );
}

export function DetailsStep({ model, patch, data, errors, flavor }: StepProps): ReactNode {
  const { t } = useTranslation();
  const zones = data.zones;
  return (
    <Grid hasGutter>
      <GridItem md={7}>
        <Form onSubmit={(e) => e.preventDefault()}>
          <Content component="p">
            {t(
              'Name the instance and say how many to launch. The other steps choose what it boots and how it connects.',
            )}
          </Content>
          <TextField
            id="name"
            label={t('Instance Name')}
            isRequired
            maxLength={255}
            value={model.name}
            onChange={(name) => patch({ name })}
            error={errors['name']}
          />
          {data.hasDescription && (
            <TextField
              id="description"
              label={t('Description')}
              maxLength={255}
              value={model.description}
              onChange={(description) => patch({ description })}
              error={errors['description']}
            />
          )}
          <SelectField
            id="availability_zone"
            label={t('Availability Zone')}
            value={model.availability_zone}
            onChange={(availability_zone) => patch({ availability_zone })}
            options={[
              // Spec 3 §9: one zone is preselected; with several, "Any" comes first.
              ...(zones.length === 1 ? [] : [{ value: '', label: t('Any Availability Zone') }]),
              ...zones.map((z) => ({ value: z, label: z })),
            ]}
            error={errors['availability_zone']}
          />
          <NumberField
            id="instance_count"
            label={t('Count')}
            isRequired
            min={1}
            value={model.instance_count}
            onChange={(instance_count) => patch({ instance_count })}
            error={errors['instance_count']}
          />
        </Form>
      </GridItem>
      <GridItem md={5}>
        <Content component="h3">{t('Total Instances')}</Content>
        <QuotaCharts model={model} data={data} flavor={flavor} />
      </GridItem>
    </Grid>
  );
}

export function SourceStep({ model, patch, data, errors, sources, flavor }: StepProps): ReactNode {
  const { t } = useTranslation();
  const defaults = data.settings?.LAUNCH_INSTANCE_DEFAULTS;
  const types = defaults ? sourceTypes(defaults, data.hasVolume) : ['image' as const];
  const fromImage = model.source_type === 'image' || model.source_type === 'snapshot';
  const newVolume = model.source_type === 'volume_snapshot' || (fromImage && model.vol_create);
  const loading =
    model.source_type === 'volume'
      ? data.volumes.isPending
      : model.source_type === 'volume_snapshot'
        ? data.volumeSnapshots.isPending
        : data.images.isPending;
  return (
    <>
      <Form onSubmit={(e) => e.preventDefault()}>
        <Content component="p">
          {t(
            'The instance boots from an image, an instance snapshot, a volume or a volume snapshot. Images and snapshots can be copied to a new volume that the instance boots from.',
          )}
        </Content>
        <Grid hasGutter>
          <GridItem md={4}>
            <SelectField
              id="source_type"
              label={t('Select Boot Source')}
              isRequired
              value={model.source_type}
              onChange={(value) => {
                const type = types.find((x) => x === value) ?? model.source_type;
                // Spec 3 §4: another source type clears the selection.
                patch({
                  source_type: type,
                  source_id: undefined,
                  vol_create: defaults ? volumeDefault(type, data.hasVolume, defaults) : false,
                });
              }}
              options={types.map((x) => ({ value: x, label: t(SOURCE_TYPE_LABELS[x]) }))}
              error={errors['source_type']}
            />
          </GridItem>
          {fromImage && data.hasVolume && !defaults?.hide_create_volume && (
            <GridItem md={4}>
              <CheckboxField
                id="vol_create"
                label={t('Create New Volume')}
                checked={model.vol_create}
                onChange={(vol_create) => patch({ vol_create })}
              />
            </GridItem>
          )}
          {newVolume && (
            <GridItem md={4}>
              <NumberField
                id="vol_size"
                label={t('Volume Size (GB)')}
                isRequired={model.source_type !== 'volume_snapshot'}
                min={1}
                value={model.vol_size}
                onChange={(vol_size) => patch({ vol_size, vol_size_touched: true })}
                error={errors['vol_size']}
                helperText={t('At least {{size}}', {
                  size: gb(
                    defaultVolumeSize(
                      { vol_size: '', vol_size_touched: false },
                      sources.find((s) => s.id === model.source_id),
                      flavor,
                    ),
                  ),
                })}
              />
            </GridItem>
          )}
          {(newVolume || model.source_type === 'volume') && (
            <GridItem md={4}>
              <CheckboxField
                id="vol_delete_on_instance_delete"
                label={t('Delete Volume on Instance Delete')}
                checked={model.vol_delete_on_instance_delete}
                onChange={(v) => patch({ vol_delete_on_instance_delete: v })}
              />
            </GridItem>
          )}
        </Grid>
      </Form>
      <TransferTable<SourceItem>
        label={t('Source')}
        items={sources}
        itemKey={(s) => s.id}
        itemName={(s) => s.name}
        columns={[
          { title: t('Name'), cell: (s) => s.name },
          { title: t('Created'), cell: (s) => formatDate(s.created) },
          { title: t('Size'), cell: (s) => gb(s.size_gb) },
          ...(fromImage
            ? [
                { title: t('Format'), cell: (s: SourceItem) => s.format ?? '' },
                { title: t('Visibility'), cell: (s: SourceItem) => s.visibility ?? '' },
              ]
            : []),
        ]}
        allocated={model.source_id ? [model.source_id] : []}
        onChange={(keys) => {
          const source_id = keys[0];
          const picked = sources.find((s) => s.id === source_id);
          patch({
            source_id,
            vol_size: defaultVolumeSize(model, picked, flavor),
          });
        }}
        max={1}
        maxHelp={t('Only one source may be allocated.')}
        loading={loading}
        error={errors['source_id']}
        emptyAllocated={t('Select a source from those listed below.')}
      />
    </>
  );
}

export function FlavorStep({ model, patch, data, errors, source, flavor }: StepProps): ReactNode {
  const { t } = useTranslation();
  const quota = computeQuota(data.limits.data);
  const flavors = [...(data.flavors.data ?? [])].sort(
    (a, b) => a.vcpus - b.vcpus || a.ram - b.ram || a.name.localeCompare(b.name),
  );
  return (
    <Grid hasGutter>
      <GridItem md={8}>
        <Content component="p">
          {t(
            'The flavor sets the VCPUs, memory and disk of the instance. Flavors that do not fit the source or what is left of your quota cannot be chosen.',
          )}
        </Content>
        <TransferTable<Flavor>
          label={t('Flavor')}
          items={flavors}
          itemKey={(f) => f.id}
          itemName={(f) => f.name}
          columns={[
            { title: t('Name'), cell: (f) => f.name },
            { title: t('VCPUs'), cell: (f) => f.vcpus },
            { title: t('RAM'), cell: (f) => `${f.ram} MB` },
            { title: t('Root Disk'), cell: (f) => gb(f.disk) },
            { title: t('Ephemeral Disk'), cell: (f) => gb(f['OS-FLV-EXT-DATA:ephemeral']) },
            {
              title: t('Public'),
              cell: (f) => (f['os-flavor-access:is_public'] ? t('Yes') : t('No')),
            },
          ]}
          allocated={model.flavor_id ? [model.flavor_id] : []}
          onChange={(keys) => {
            const picked = flavors.find((f) => f.id === keys[0]);
            patch({ flavor_id: keys[0], vol_size: defaultVolumeSize(model, source, picked) });
          }}
          max={1}
          maxHelp={t('Only one flavor may be allocated.')}
          disabledReason={(f) => flavorReasons(f, model, source, quota).join(' ') || undefined}
          loading={data.flavors.isPending}
          error={errors['flavor_id']}
          emptyAllocated={t('Select a flavor from those listed below.')}
        />
      </GridItem>
      <GridItem md={4}>
        <Content component="h3">{t('Project Limits')}</Content>
        <QuotaCharts model={model} data={data} flavor={flavor} />
      </GridItem>
    </Grid>
  );
}

const subnetNames = (n: Network): string => n.subnets.map((s) => s.name || s.cidr).join(', ');

export function NetworksStep({ model, patch, data, errors }: StepProps): ReactNode {
  const { t } = useTranslation();
  return (
    <>
      <Content component="p">
        {t(
          'Choose the networks the instance is attached to, in order. At least one network is needed unless you choose a port in the next step.',
        )}
      </Content>
      <TransferTable<Network>
        label={t('Networks')}
        items={data.networks}
        itemKey={(n) => n.id}
        itemName={(n) => n.name || n.id}
        columns={[
          { title: t('Network'), cell: (n) => n.name || n.id },
          { title: t('Subnets Associated'), cell: subnetNames },
          { title: t('Shared'), cell: (n) => (n.shared ? t('Yes') : t('No')) },
          { title: t('Admin State'), cell: (n) => (n.admin_state_up ? t('Up') : t('Down')) },
          { title: t('Status'), cell: (n) => n.status },
        ]}
        allocated={model.networks}
        onChange={(networks) => patch({ networks })}
        loading={data.networksLoading}
        error={errors['networks'] ?? errors['__all__']}
        emptyAllocated={t('Select networks from those listed below.')}
      />
    </>
  );
}

const portIps = (p: Port): string => p.fixed_ips.map((ip) => ip.ip_address).join(', ');

export function PortsStep({ model, patch, data, errors }: StepProps): ReactNode {
  const { t } = useTranslation();
  const netName = (id: string): string => data.networks.find((n) => n.id === id)?.name ?? id;
  return (
    <>
      <Content component="p">
        {t('Ports give the instance an address already set up on a network.')}
      </Content>
      <TransferTable<Port>
        label={t('Ports')}
        items={data.ports.data}
        itemKey={(p) => p.id}
        itemName={(p) => p.name || p.id}
        columns={[
          { title: t('Name'), cell: (p) => p.name || p.id },
          { title: t('IP'), cell: portIps },
          { title: t('Network'), cell: (p) => netName(p.network_id) },
          { title: t('VNIC type'), cell: (p) => p.vnic_type ?? 'normal' },
        ]}
        allocated={model.ports}
        onChange={(ports) => patch({ ports })}
        loading={data.ports.loading}
        error={errors['ports'] ?? errors['__all__']}
        emptyAllocated={t('Select ports from those listed below.')}
      />
    </>
  );
}

export function SecurityGroupsStep({ model, patch, data, errors }: StepProps): ReactNode {
  const { t } = useTranslation();
  return (
    <>
      <Content component="p">
        {t('Security groups decide which traffic may reach the instance.')}
      </Content>
      <TransferTable<SecurityGroup>
        label={t('Security Groups')}
        items={data.securityGroups.data ?? []}
        itemKey={(g) => g.id}
        itemName={(g) => g.name}
        columns={[
          { title: t('Name'), cell: (g) => g.name },
          { title: t('Description'), cell: (g) => g.description },
          { title: t('Rules'), cell: (g) => g.rules.length },
        ]}
        allocated={model.security_groups}
        onChange={(security_groups) => patch({ security_groups })}
        loading={data.securityGroups.isPending}
        error={errors['security_groups']}
        emptyAllocated={t('Select security groups from those listed below.')}
      />
    </>
  );
}

/** Create or import a key pair without leaving the wizard (issue 9). */
function NewKeyPair({
  mode,
  existing,
  onDone,
  onCancel,
}: {
  mode: 'create' | 'import';
  existing: readonly Keypair[] | undefined;
  onDone: (name: string) => void;
  onCancel: () => void;
}): ReactNode {
  const { t } = useTranslation();
  const [name, setName] = useState('');
  const [publicKey, setPublicKey] = useState('');
  const [touched, setTouched] = useState(false);
  const create = useMutation(keyPairMutations.create);
  const imported = useMutation(keyPairMutations.import);
  const nameError = touched ? keyPairNameError(name, mode, existing) : undefined;
  const keyError =
    touched && mode === 'import' && !publicKey.trim() ? t('This field is required.') : undefined;
  const busy = create.isPending || imported.isPending;
  const failure = create.error ?? imported.error;
  const submit = async (): Promise<void> => {
    setTouched(true);
    if (keyPairNameError(name, mode, existing) || (mode === 'import' && !publicKey.trim())) return;
    if (mode === 'create') {
      const made = await create.mutateAsync({ name, key_type: 'ssh' });
      // The private key exists only in this answer: it is downloaded at once.
      if (made.private_key) downloadFile(`${made.name}.pem`, made.private_key);
      onDone(made.name);
    } else {
      const made = await imported.mutateAsync({
        name,
        key_type: 'ssh',
        public_key: publicKey.trim(),
      });
      onDone(made.name);
    }
  };
  return (
    <Form
      className={u.mbLg}
      onSubmit={(e) => {
        e.preventDefault();
        void submit().catch(() => undefined);
      }}
    >
      {failure && <Alert variant="danger" isInline title={failure.message} />}
      <TextField
        id={`keypair_${mode}_name`}
        label={t('Key Pair Name')}
        isRequired
        maxLength={255}
        value={name}
        onChange={setName}
        error={nameError}
      />
      {mode === 'import' && (
        <TextAreaField
          id="keypair_public_key"
          label={t('Public Key')}
          isRequired
          isCode
          rows={4}
          value={publicKey}
          onChange={setPublicKey}
          error={keyError}
        />
      )}
      <Flex>
        <Button type="submit" variant="primary" isLoading={busy} isDisabled={busy}>
          {mode === 'create' ? t('Create Key Pair') : t('Import Key Pair')}
        </Button>
        <Button variant="link" onClick={onCancel}>
          {t('Cancel')}
        </Button>
      </Flex>
    </Form>
  );
}

export function KeyPairStep({ model, patch, data, errors }: StepProps): ReactNode {
  const { t } = useTranslation();
  const [adding, setAdding] = useState<'create' | 'import'>();
  const [created, setCreated] = useState<string>();
  return (
    <>
      <Content component="p">
        {t(
          'A key pair lets you sign in to the instance over SSH. Choose one, or create or import one here.',
        )}
      </Content>
      <Flex className={u.mbMd}>
        <Button variant="secondary" onClick={() => setAdding('create')} isDisabled={!!adding}>
          {t('Create Key Pair')}
        </Button>
        <Button variant="secondary" onClick={() => setAdding('import')} isDisabled={!!adding}>
          {t('Import Key Pair')}
        </Button>
      </Flex>
      {created && (
        <Alert
          variant="success"
          isInline
          className={u.mbMd}
          title={t('Key pair {{name}} is allocated.', { name: created })}
        />
      )}
      {adding && (
        <NewKeyPair
          mode={adding}
          existing={data.keypairs.data}
          onCancel={() => setAdding(undefined)}
          onDone={(name) => {
            setAdding(undefined);
            setCreated(name);
            patch({ key_name: name });
          }}
        />
      )}
      <TransferTable<Keypair>
        label={t('Key Pair')}
        items={data.keypairs.data ?? []}
        itemKey={(k) => k.name}
        itemName={(k) => k.name}
        columns={[
          { title: t('Name'), cell: (k) => k.name },
          { title: t('Type'), cell: (k) => <Label isCompact>{k.type}</Label> },
          { title: t('Fingerprint'), cell: (k) => k.fingerprint },
        ]}
        allocated={model.key_name ? [model.key_name] : []}
        onChange={(keys) => patch({ key_name: keys[0] })}
        max={1}
        maxHelp={t('Only one key pair may be allocated.')}
        loading={data.keypairs.isPending}
        error={errors['key_name']}
        emptyAllocated={t('Select a key pair from those listed below.')}
      />
    </>
  );
}

const bytes = (text: string): number => new TextEncoder().encode(text).length;

export function ConfigurationStep({ model, patch, errors }: StepProps): ReactNode {
  const { t } = useTranslation();
  const size = bytes(model.user_data);
  return (
    <Form onSubmit={(e) => e.preventDefault()}>
      <TextAreaField
        id="user_data"
        label={t('Customization Script')}
        isCode
        rows={8}
        value={model.user_data}
        onChange={(user_data) => patch({ user_data })}
        error={errors['user_data']}
        helperText={t('{{size}} of {{max}} bytes', { size, max: USER_DATA_MAX_BYTES })}
      />
      <SelectField
        id="disk_config"
        label={t('Disk Partition')}
        value={model.disk_config}
        onChange={(v) => patch({ disk_config: v === 'MANUAL' ? 'MANUAL' : 'AUTO' })}
        options={[
          { value: 'AUTO', label: t('Automatic') },
          { value: 'MANUAL', label: t('Manual') },
        ]}
      />
      <CheckboxField
        id="config_drive"
        label={t('Configuration Drive')}
        checked={model.config_drive}
        onChange={(config_drive) => patch({ config_drive })}
      />
    </Form>
  );
}

export function ServerGroupsStep({ model, patch, data, errors }: StepProps): ReactNode {
  const { t } = useTranslation();
  return (
    <TransferTable<ServerGroup>
      label={t('Server Group')}
      items={data.serverGroups.data ?? []}
      itemKey={(g) => g.id}
      itemName={(g) => g.name}
      columns={[
        { title: t('Name'), cell: (g) => g.name },
        { title: t('Policy'), cell: (g) => g.policy },
      ]}
      allocated={model.server_group ? [model.server_group] : []}
      onChange={(keys) => patch({ server_group: keys[0] })}
      max={1}
      maxHelp={t('Only one server group may be allocated.')}
      loading={data.serverGroups.isPending}
      error={errors['server_group']}
      emptyAllocated={t('Select a server group from those listed below.')}
    />
  );
}

/** What a metadefs read gives the step: the namespaces, or that they are still coming or failed. */
interface MetadefRead {
  data?: MetadefNamespace[];
  isPending: boolean;
  isError: boolean;
}

/** The editor over one map: its tree is the editing state, seeded once from the model. */
function MapEditor({
  namespaces,
  initial,
  onChange,
}: {
  namespaces: readonly MetadefNamespace[];
  initial: Record<string, string>;
  onChange: (v: Record<string, string>) => void;
}): ReactNode {
  const [tree] = useState(() => new MetadataTree(namespaces, initial));
  return <MetadataEditor tree={tree} onChange={() => onChange(tree.result().updated)} />;
}

/**
 * Instance metadata and scheduler hints (spec 3 §2, §7): the product's metadata editor over
 * Glance's definitions for the target (typed values, enums, checks), and keys of the user's own.
 * Without definitions (Glance unreadable) it offers custom keys only.
 */
export function MetadefStep({
  namespaces,
  value,
  onChange,
  error,
  intro,
}: {
  namespaces: MetadefRead;
  value: Record<string, string>;
  onChange: (v: Record<string, string>) => void;
  error: string | undefined;
  intro: string;
}): ReactNode {
  const { t } = useTranslation();
  const waiting = namespaces.isPending && !namespaces.isError;
  return (
    <Form onSubmit={(e) => e.preventDefault()}>
      <Content component="p">{intro}</Content>
      {error && (
        <HelperText>
          <HelperTextItem variant="error">{error}</HelperTextItem>
        </HelperText>
      )}
      {namespaces.isError && (
        <Alert
          isInline
          isPlain
          variant="info"
          title={t('The metadata definitions could not be read: add keys of your own.')}
        />
      )}
      {waiting ? (
        <Bullseye>
          <Spinner size="lg" aria-label={t('Loading')} />
        </Bullseye>
      ) : (
        // Definitions that come after a failure (a retry) start the editor over, from the model.
        <MapEditor
          key={namespaces.data ? 'defined' : 'custom'}
          namespaces={namespaces.data ?? []}
          initial={value}
          onChange={onChange}
        />
      )}
    </Form>
  );
}
