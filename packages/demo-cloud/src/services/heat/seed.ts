import { uuid } from '../../core/ids';
import type { CloudContext } from '../../core/service';
import { projects, users } from '../keystone/model';
import { findNetworkByName, findSecurityGroupByName, subnetsOfNetwork } from '../neutron/internal';
import { findServerIdByName } from '../nova/stackServers';
import { beginCreate, settleNow } from './engine';
import type { Json } from './http';
import { stacks } from './model';
import type { StackDoc } from './model';

const SEEDED_KEY = 'heat:seeded';

/**
 * The demo stack adopts devstack's `private` network, the seeded `web` group and `web-1` server
 * (heat's `external_id`), so the other services' seeded sets and quota usage stay as they are;
 * it creates its own random password.
 */
const demoTemplate = (ids: {
  net?: string;
  subnet?: string;
  server?: string;
  group?: string;
}): Json => ({
  heat_template_version: '2018-08-31',
  description: 'Demo web tier: the private network, a web server and its security group',
  parameters: {
    password_length: {
      type: 'number',
      default: 16,
      description: 'Length of the generated application password',
      constraints: [{ range: { min: 8, max: 64 } }],
    },
    web_port: {
      type: 'number',
      default: 80,
      constraints: [{ allowed_values: [80, 8080] }],
    },
  },
  resources: {
    app_password: {
      type: 'OS::Heat::RandomString',
      properties: {
        length: { get_param: 'password_length' },
        character_classes: [{ class: 'lettersdigits', min: 4 }],
      },
    },
    ...(ids.net ? { app_net: { type: 'OS::Neutron::Net', external_id: ids.net } } : {}),
    ...(ids.net && ids.subnet
      ? {
          app_subnet: {
            type: 'OS::Neutron::Subnet',
            external_id: ids.subnet,
            properties: { network: { get_resource: 'app_net' } },
          },
        }
      : {}),
    // A group shows a nested stack in the topology: one token per web worker.
    worker_tokens: {
      type: 'OS::Heat::ResourceGroup',
      properties: {
        count: 2,
        resource_def: { type: 'OS::Heat::RandomString', properties: { length: 12 } },
      },
    },
    app_sg: {
      type: 'OS::Neutron::SecurityGroup',
      ...(ids.group ? { external_id: ids.group } : {}),
      properties: {
        name: 'web',
        description: 'Web access',
        rules: [
          {
            protocol: 'tcp',
            port_range_min: { get_param: 'web_port' },
            port_range_max: { get_param: 'web_port' },
          },
        ],
      },
    },
    ...(ids.server
      ? {
          web_server: {
            type: 'OS::Nova::Server',
            external_id: ids.server,
            properties: { flavor: 'm1.tiny', image: 'cirros-0.6.2-x86_64-disk' },
            depends_on: ids.subnet ? ['app_subnet', 'app_sg'] : ['app_sg'],
          },
        }
      : {}),
  },
  outputs: {
    password: {
      description: 'Generated application password',
      value: { get_attr: ['app_password', 'value'] },
    },
    worker_tokens: {
      description: 'One token per web worker',
      value: { get_attr: ['worker_tokens', 'value'] },
    },
    security_group_id: {
      description: 'The web security group',
      value: { get_resource: 'app_sg' },
    },
    ...(ids.subnet
      ? {
          subnet_cidr: {
            description: 'CIDR of the web subnet',
            value: { get_attr: ['app_subnet', 'cidr'] },
          },
        }
      : {}),
    ...(ids.server
      ? {
          server_ip: {
            description: 'Fixed IP of the web server',
            value: { get_attr: ['web_server', 'first_address'] },
          },
          url: {
            description: 'Where the web tier answers',
            value: {
              str_replace: {
                template: 'http://$host:$port/',
                params: {
                  $host: { get_attr: ['web_server', 'first_address'] },
                  $port: { get_param: 'web_port' },
                },
              },
            },
          },
        }
      : {}),
  },
});

const BROKEN_TEMPLATE: Json = {
  heat_template_version: '2018-08-31',
  description: 'A stack whose subnet cannot be created',
  resources: {
    token: { type: 'OS::Heat::RandomString', properties: { length: 8 } },
    broken_subnet: {
      type: 'OS::Neutron::Subnet',
      properties: { network: 'no-such-network', cidr: '10.99.0.0/24' },
      depends_on: 'token',
    },
  },
};

/** Heat's demo data: `demo-stack` (CREATE_COMPLETE) and `broken-stack` (CREATE_FAILED) in demo. */
export const seedHeat = (ctx: CloudContext): void => {
  const { store } = ctx;
  if (store.getMeta(SEEDED_KEY)) return;
  store.setMeta(SEEDED_KEY, ctx.now().toISOString());
  const demo = store.collection(projects).findOne('name', 'demo');
  const user = store.collection(users).findOne('name', 'demo');
  if (!demo || !user) return;
  const make = (name: string, template: Json, description: string): void => {
    const now = ctx.now().toISOString();
    const doc: StackDoc = {
      id: uuid(),
      name,
      project_id: demo.id,
      user_id: user.id,
      username: user.name,
      action: 'INIT',
      status: 'COMPLETE',
      status_reason: description,
      template,
      params: {},
      environment: {},
      files: {},
      timeout_mins: 60,
      disable_rollback: true,
      tags: null,
      created_at: now,
      updated_at: null,
      deleted_at: null,
      stack_user_project_id: demo.id,
      parent: null,
    };
    store.collection(stacks).insert(doc);
    beginCreate(ctx, doc);
    settleNow(ctx, doc.id);
  };
  const net = findNetworkByName(ctx, 'private', demo.id);
  const subnet = net
    ? subnetsOfNetwork(ctx, net.id).find((sub) => sub.ip_version === 4)
    : undefined;
  const server = findServerIdByName(ctx, demo.id, 'web-1');
  const group = findSecurityGroupByName(ctx, demo.id, 'web');
  make(
    'demo-stack',
    demoTemplate({
      ...(net ? { net: net.id } : {}),
      ...(subnet ? { subnet: subnet.id } : {}),
      ...(server ? { server } : {}),
      ...(group ? { group: group.id } : {}),
    }),
    '',
  );
  make('broken-stack', BROKEN_TEMPLATE, '');
};
