import type {
  Port,
  Trunk,
  TrunkCreateBody,
  TrunkEditSide,
  TrunkSubportRequest,
} from '@skydeck/contract';

/** A subport being chosen: its port and segmentation as typed. */
export interface SubportDraft {
  port_id: string;
  segmentation_type: 'vlan' | 'inherit';
  /** Text as typed; only vlan uses it. */
  segmentation_id: string;
}

export interface TrunkFormValues {
  name: string;
  description: string;
  admin_state_up: boolean;
  /** At most one (spec 2 §4). */
  parent: string[];
  subports: SubportDraft[];
}

/** Spec 2 §5: admin state up, device owner empty or compute:…, no trunk. */
export const isParentCandidate = (p: Port): boolean =>
  p.admin_state_up &&
  (p.device_owner === '' || p.device_owner.startsWith('compute:')) &&
  p.trunk_id === undefined;

/** Spec 2 §5: admin state up, device owner empty, no trunk. */
export const isSubportCandidate = (p: Port): boolean =>
  p.admin_state_up && p.device_owner === '' && p.trunk_id === undefined;

/** A VLAN id's message, or undefined when it is 1 to 4094 (inherit takes none). */
export function segmentationError(s: SubportDraft, t: (key: string) => string): string | undefined {
  if (s.segmentation_type === 'inherit') return undefined;
  const text = s.segmentation_id.trim();
  if (text === '') return t('Enter a VLAN ID from 1 to 4094.');
  const n = Number(text);
  return /^\d+$/.test(text) && n >= 1 && n <= 4094
    ? undefined
    : t('Enter a VLAN ID from 1 to 4094.');
}

/** Two subports on one VLAN id are refused by Neutron; say which id repeats. */
export function duplicateVlan(subports: readonly SubportDraft[]): string | undefined {
  const seen = new Set<string>();
  for (const s of subports) {
    if (s.segmentation_type !== 'vlan') continue;
    const id = s.segmentation_id.trim();
    if (seen.has(id)) return id;
    seen.add(id);
  }
  return undefined;
}

export const toRequest = (s: SubportDraft): TrunkSubportRequest =>
  s.segmentation_type === 'vlan'
    ? { port_id: s.port_id, segmentation_type: 'vlan', segmentation_id: Number(s.segmentation_id) }
    : { port_id: s.port_id, segmentation_type: 'inherit' };

export const emptyTrunkForm = (): TrunkFormValues => ({
  name: '',
  description: '',
  admin_state_up: true,
  parent: [],
  subports: [],
});

export const trunkFormOf = (trunk: Trunk): TrunkFormValues => ({
  name: trunk.name,
  description: trunk.description,
  admin_state_up: trunk.admin_state_up,
  parent: [trunk.port_id],
  subports: trunk.sub_ports.map((s) => ({
    port_id: s.port_id,
    segmentation_type: s.segmentation_type === 'inherit' ? 'inherit' : 'vlan',
    segmentation_id: String(s.segmentation_id),
  })),
});

export function trunkCreateBody(v: TrunkFormValues): TrunkCreateBody {
  const parent = v.parent[0];
  if (parent === undefined) throw new Error('A trunk needs its parent port.');
  return {
    name: v.name.trim(),
    description: v.description.trim(),
    admin_state_up: v.admin_state_up,
    port_id: parent,
    sub_ports: v.subports.map(toRequest),
  };
}

const sideOf = (v: TrunkFormValues): TrunkEditSide => ({
  name: v.name.trim(),
  description: v.description.trim(),
  admin_state_up: v.admin_state_up,
  sub_ports: v.subports.map(toRequest),
});

/** The PATCH body (spec 2 §7): the trunk as it was, then as the form leaves it. */
export const trunkEditPair = (trunk: Trunk, v: TrunkFormValues): [TrunkEditSide, TrunkEditSide] => [
  sideOf(trunkFormOf(trunk)),
  sideOf(v),
];

/** Keep one draft per allocated port, in allocation order; a new one starts as a VLAN. */
export const draftsFor = (
  keys: readonly string[],
  drafts: readonly SubportDraft[],
): SubportDraft[] =>
  keys.map(
    (port_id) =>
      drafts.find((d) => d.port_id === port_id) ?? {
        port_id,
        segmentation_type: 'vlan',
        segmentation_id: '',
      },
  );
