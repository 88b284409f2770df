import { msg } from '../i18n/msg';
import type { TypeNames } from '../registry/types';

/**
 * Display names of the resource types that have no panel yet (spec 2 §1); types with a panel
 * take theirs from the manifest.
 */
export const typeNames: Readonly<Record<string, TypeNames>> = {
  'OS::Glance::Metadef': { one: msg('Metadata Definition'), many: msg('Metadata Definitions') },
  'OS::Nova::Hypervisor': { one: msg('Hypervisor'), many: msg('Hypervisors') },
  'OS::Designate::Zone': { one: msg('DNS Zone'), many: msg('DNS Zones') },
  'OS::Designate::RecordSet': { one: msg('DNS Record Set'), many: msg('DNS Record Sets') },
  'OS::Octavia::HealthMonitor': { one: msg('Health Monitor'), many: msg('Health Monitors') },
  'OS::Octavia::Pool': { one: msg('Pool'), many: msg('Pools') },
  'OS::Octavia::Member': { one: msg('Pool Member'), many: msg('Pool Members') },
  'OS::Neutron::Subnet': { one: msg('Subnet'), many: msg('Subnets') },
};
