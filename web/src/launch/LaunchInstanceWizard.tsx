import { useState, type ReactNode } from 'react';
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from '../i18n/useTranslation';
import { Bullseye, Modal, Spinner } from '@patternfly/react-core';
import type { LaunchStep } from '@skydeck/contract';
import { launchMutations, validateLaunchSteps } from '../data/nova/launch';
import { msg } from '../i18n/msg';
import {
  policy,
  service,
  type ActionResult,
  type ModalProps,
  type Requirement,
} from '../registry/types';
import type { StepErrors, WizardStep } from '../ui/WizardFrame/WizardFrame';
import { WizardFrame } from '../ui/WizardFrame/WizardFrame';
import { invalidKeys } from '../ui/metadata/metadataTree';
import {
  imageSources,
  initialModel,
  toBody,
  volumeSnapshotSources,
  volumeSources,
  type LaunchModel,
  type LaunchPreset,
  type SourceItem,
} from './model';
import {
  ConfigurationStep,
  DetailsStep,
  FlavorStep,
  KeyPairStep,
  MetadefStep,
  NetworksStep,
  PortsStep,
  SecurityGroupsStep,
  ServerGroupsStep,
  SourceStep,
  type StepProps,
} from './steps';
import { SCHEDULER_HINTS_REQUIRES, useLaunchData, type LaunchData } from './useLaunchData';
import { u } from '../ui/utilities/utilities';

const extension = (alias: string): Requirement => ({
  kind: 'extension',
  service: 'compute',
  alias,
});

/** The eleven steps (spec 3 §2) with their availability rules, in order. */
export const LAUNCH_STEP_DEFS: readonly {
  id: LaunchStep;
  name: string;
  requires?: WizardStep['requires'];
}[] = [
  { id: 'details', name: msg('Details') },
  { id: 'source', name: msg('Source') },
  { id: 'flavor', name: msg('Flavor') },
  { id: 'networks', name: msg('Networks'), requires: [service('network')] },
  { id: 'ports', name: msg('Network Ports'), requires: [service('network')] },
  { id: 'security_groups', name: msg('Security Groups'), requires: [service('network')] },
  { id: 'keypair', name: msg('Key Pair'), requires: [extension('os-keypairs')] },
  { id: 'configuration', name: msg('Configuration') },
  {
    id: 'server_groups',
    name: msg('Server Groups'),
    requires: [
      policy('compute', 'os_compute_api:os-server-groups:index'),
      extension('os-server-groups'),
    ],
  },
  { id: 'scheduler_hints', name: msg('Scheduler Hints'), requires: SCHEDULER_HINTS_REQUIRES },
  { id: 'metadata', name: msg('Metadata') },
];

/** The sources the Source step lists for the chosen type. */
function sourcesOf(model: LaunchModel, data: LaunchData): SourceItem[] {
  switch (model.source_type) {
    case 'image':
      return imageSources(data.images.data ?? [], false);
    case 'snapshot':
      return imageSources(data.images.data ?? [], true);
    case 'volume':
      return volumeSources(data.volumes.data ?? []);
    case 'volume_snapshot':
      return volumeSnapshotSources(data.volumeSnapshots.data ?? []);
  }
}

const INVALID_VALUES = msg('Correct the values marked as invalid: {{keys}}.');

/** The two steps whose maps the metadata editor edits, with the definitions of each. */
const METADEF_STEPS = {
  scheduler_hints: {
    intro: msg(
      'Hints for the scheduler that places the instance: choose them from the definitions or add keys of your own.',
    ),
    namespaces: (data: LaunchData) => data.schedulerHintNamespaces,
  },
  metadata: {
    intro: msg(
      'Metadata kept with the instance: choose keys from the definitions or add keys of your own.',
    ),
    namespaces: (data: LaunchData) => data.metadataNamespaces,
  },
} as const;

/** The server's field → message of one step as the frame shows them. */
const asStepErrors = (errors: Record<string, string> | undefined): StepErrors | undefined => {
  if (!errors) return undefined;
  const { __all__: general, ...fields } = errors;
  return { general, fields };
};

function Wizard({
  data,
  preset,
  onClose,
}: {
  data: LaunchData;
  preset?: LaunchPreset;
  onClose: (result?: ActionResult) => void;
}): ReactNode {
  const { t } = useTranslation();
  const settings = data.settings;
  const [model, setModel] = useState<LaunchModel>(() => {
    const fresh = initialModel(settings?.LAUNCH_INSTANCE_DEFAULTS, data.hasVolume, preset);
    // Spec 3 §9: the security group named default is preselected.
    const byDefault = data.securityGroups.data?.find((g) => g.name === 'default');
    const zone = data.zones.length === 1 ? data.zones[0] : undefined;
    return {
      ...fresh,
      ...(byDefault && { security_groups: [byDefault.id] }),
      ...(zone && { availability_zone: zone }),
    };
  });
  // Fields changed since their step was last checked: their old message no longer applies.
  const [edited, setEdited] = useState<ReadonlySet<string>>(new Set());
  const patch = (changes: Partial<LaunchModel>): void => {
    setModel((m) => ({ ...m, ...changes }));
    setEdited((prev) => new Set([...prev, ...Object.keys(changes)]));
  };
  const current = (errors: Record<string, string>): Record<string, string> =>
    Object.fromEntries(Object.entries(errors).filter(([field]) => !edited.has(field)));
  const launch = useMutation(launchMutations.launch);

  const sources = sourcesOf(model, data);
  const source = sources.find((s) => s.id === model.source_id);
  const flavor = data.flavors.data?.find((f) => f.id === model.flavor_id);

  const steps: WizardStep[] = LAUNCH_STEP_DEFS.map((def) => ({
    id: def.id,
    name: t(def.name),
    requires: def.requires,
    validate: async () => {
      setEdited(new Set());
      // Values the definitions refuse are the editor's to show; Nova would take any text.
      if (def.id === 'metadata' || def.id === 'scheduler_hints') {
        const defined = METADEF_STEPS[def.id].namespaces(data).data ?? [];
        const invalid = invalidKeys(defined, model[def.id]);
        if (invalid.length > 0) {
          return { fields: { [def.id]: t(INVALID_VALUES, { keys: invalid.join(', ') }) } };
        }
      }
      return asStepErrors((await validateLaunchSteps(toBody(model), def.id))[def.id]);
    },
    render: ({ errors: shown }) => {
      const errors = current(shown);
      const props: StepProps = { model, patch, data, errors, sources, source, flavor };
      switch (def.id) {
        case 'details':
          return <DetailsStep {...props} />;
        case 'source':
          return <SourceStep {...props} />;
        case 'flavor':
          return <FlavorStep {...props} />;
        case 'networks':
          return <NetworksStep {...props} />;
        case 'ports':
          return <PortsStep {...props} />;
        case 'security_groups':
          return <SecurityGroupsStep {...props} />;
        case 'keypair':
          return <KeyPairStep {...props} />;
        case 'configuration':
          return <ConfigurationStep {...props} />;
        case 'server_groups':
          return <ServerGroupsStep {...props} />;
        case 'scheduler_hints':
        case 'metadata': {
          const field = def.id;
          // Keyed: the two steps render at the same place, and each has its own editor state.
          return (
            <MetadefStep
              key={field}
              intro={t(METADEF_STEPS[field].intro)}
              namespaces={METADEF_STEPS[field].namespaces(data)}
              value={model[field]}
              onChange={(map) => patch({ [field]: map })}
              error={errors[field]}
            />
          );
        }
      }
    },
  }));

  return (
    <WizardFrame
      title={t('Launch Instance')}
      finishLabel={t('Launch Instance')}
      steps={steps}
      onClose={onClose}
      onSubmit={async () => {
        await launch.mutateAsync(toBody(model));
        return { created: [model.name] };
      }}
    />
  );
}

export interface LaunchInstanceWizardProps {
  preset?: LaunchPreset;
  onClose: (result?: ActionResult) => void;
}

/**
 * The Launch Instance wizard (spec 3 §2–§5). The model is built afresh each time it opens, once
 * the settings and the security groups are in (spec 3 §4 "initializing, initialized").
 */
export function LaunchInstanceWizard({ preset, onClose }: LaunchInstanceWizardProps): ReactNode {
  const { t } = useTranslation();
  const data = useLaunchData();
  // Zones and security groups decide preselections, so the model waits for them (a failed
  // read counts as answered: nothing is preselected then).
  const ready =
    !data.loading &&
    !data.zonesLoading &&
    (!data.hasNetwork || !data.securityGroups.isPending) &&
    !!data.settings;
  if (!ready) {
    return (
      <Modal isOpen variant="large" aria-label={t('Launch Instance')} onClose={() => onClose()}>
        <Bullseye className={u.pXl}>
          <Spinner aria-label={t('Loading')} />
        </Bullseye>
      </Modal>
    );
  }
  // The model starts from the data that decides its defaults; later data only fills lists.
  return <Wizard data={data} preset={preset} onClose={onClose} />;
}

/** The instances panel's table action opens this: a launch with no preset. */
export function LaunchInstanceModal({ onClose }: ModalProps<undefined>): ReactNode {
  return <LaunchInstanceWizard onClose={onClose} />;
}
