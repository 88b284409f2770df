import { ExtraSpecs, Flavor, FlavorCreateBody, FlavorGetQuery, FlavorList } from './flavors';
import { FlavorListQuery, FlavorUpdateBody } from './flavors';
import { novaLaunchRoutes } from './launch';
import { Keypair, KeypairCreateBody, KeypairCreated, KeypairList, KeypairParams } from './keypairs';
import { ExtensionList, FeatureAnswer, FeatureParams, NovaLimits, NovaLimitsQuery } from './misc';
import { novaServerActionRoutes } from './serverActions';
import { ServerGroup, ServerGroupCreateBody, ServerGroupList } from './servergroups';
import { Instance, InstanceList, InstanceListQuery, InstanceParams } from './servers';
import {
  ConsoleInfo,
  ConsoleInfoBody,
  ConsoleOutput,
  ConsoleOutputBody,
  EncryptedPassword,
  InstanceInterface,
  InstanceInterfaceList,
  InterfaceAttachBody,
  InterfaceParams,
  InstanceActionList,
  InstanceSecurityGroupList,
  InstanceVolumeList,
} from './serverLog';
import { MetadataUpdate, NoContent, StringMap } from '../common';
import { IdParams } from '../keystone/projects';
import { route, routes } from '../route';

/** /api/nova/… (spec 2 §7 "Compute"). */
export const novaRoutes = {
  ...routes('nova', {
    feature: route({
      method: 'GET',
      path: '/api/nova/features/:feature',
      params: FeatureParams,
      response: { 200: FeatureAnswer },
    }),
    extensions: route({
      method: 'GET',
      path: '/api/nova/extensions/',
      response: { 200: ExtensionList },
    }),
    limits: route({
      method: 'GET',
      path: '/api/nova/limits/',
      query: NovaLimitsQuery,
      response: { 200: NovaLimits },
    }),
  }),
  ...routes('nova.keypairs', {
    list: route({ method: 'GET', path: '/api/nova/keypairs/', response: { 200: KeypairList } }),
    create: route({
      method: 'POST',
      path: '/api/nova/keypairs/',
      body: KeypairCreateBody,
      response: { 201: KeypairCreated },
    }),
    get: route({
      method: 'GET',
      path: '/api/nova/keypairs/:name/',
      params: KeypairParams,
      response: { 200: Keypair },
    }),
    delete: route({
      method: 'DELETE',
      path: '/api/nova/keypairs/:name/',
      params: KeypairParams,
      response: { 204: NoContent },
    }),
  }),
  ...routes('nova.flavors', {
    list: route({
      method: 'GET',
      path: '/api/nova/flavors/',
      query: FlavorListQuery,
      response: { 200: FlavorList },
    }),
    create: route({
      method: 'POST',
      path: '/api/nova/flavors/',
      body: FlavorCreateBody,
      response: { 201: Flavor },
    }),
    get: route({
      method: 'GET',
      path: '/api/nova/flavors/:id/',
      params: IdParams,
      query: FlavorGetQuery,
      response: { 200: Flavor },
    }),
    update: route({
      method: 'PATCH',
      path: '/api/nova/flavors/:id/',
      params: IdParams,
      body: FlavorUpdateBody,
      response: { 200: Flavor },
    }),
    delete: route({
      method: 'DELETE',
      path: '/api/nova/flavors/:id/',
      params: IdParams,
      response: { 204: NoContent },
    }),
    extraSpecs: route({
      method: 'GET',
      path: '/api/nova/flavors/:id/extra-specs/',
      params: IdParams,
      response: { 200: ExtraSpecs },
    }),
    updateExtraSpecs: route({
      method: 'PATCH',
      path: '/api/nova/flavors/:id/extra-specs/',
      params: IdParams,
      body: MetadataUpdate,
      response: { 204: NoContent },
    }),
  }),
  ...routes('nova.aggregates', {
    extraSpecs: route({
      method: 'GET',
      path: '/api/nova/aggregates/:id/extra-specs/',
      params: IdParams,
      response: { 200: ExtraSpecs },
    }),
    updateExtraSpecs: route({
      method: 'PATCH',
      path: '/api/nova/aggregates/:id/extra-specs/',
      params: IdParams,
      body: MetadataUpdate,
      response: { 204: NoContent },
    }),
  }),
  ...routes('nova.servers', {
    list: route({
      method: 'GET',
      path: '/api/nova/servers/',
      query: InstanceListQuery,
      response: { 200: InstanceList },
    }),
    get: route({
      method: 'GET',
      path: '/api/nova/servers/:id/',
      params: InstanceParams,
      response: { 200: Instance },
    }),
    consoleOutput: route({
      method: 'POST',
      path: '/api/nova/servers/:id/console-output/',
      params: InstanceParams,
      body: ConsoleOutputBody,
      response: { 200: ConsoleOutput },
    }),
    consoleInfo: route({
      method: 'POST',
      path: '/api/nova/servers/:id/console-info/',
      params: InstanceParams,
      body: ConsoleInfoBody,
      response: { 200: ConsoleInfo },
    }),
    password: route({
      method: 'GET',
      path: '/api/nova/servers/:id/password/',
      params: InstanceParams,
      response: { 200: EncryptedPassword },
    }),
    interfaces: route({
      method: 'GET',
      path: '/api/nova/servers/:id/interfaces/',
      params: InstanceParams,
      response: { 200: InstanceInterfaceList },
    }),
    attachInterface: route({
      method: 'POST',
      path: '/api/nova/servers/:id/interfaces/',
      params: InstanceParams,
      body: InterfaceAttachBody,
      response: { 200: InstanceInterface },
    }),
    detachInterface: route({
      method: 'DELETE',
      path: '/api/nova/servers/:id/interfaces/:portId/',
      params: InterfaceParams,
      response: { 204: NoContent },
    }),
    metadata: route({
      method: 'GET',
      path: '/api/nova/servers/:id/metadata/',
      params: IdParams,
      response: { 200: StringMap },
    }),
    updateMetadata: route({
      method: 'PATCH',
      path: '/api/nova/servers/:id/metadata/',
      params: IdParams,
      body: MetadataUpdate,
      response: { 204: NoContent },
    }),
    actionLog: route({
      method: 'GET',
      path: '/api/nova/servers/:id/actions/',
      params: InstanceParams,
      response: { 200: InstanceActionList },
    }),
    volumes: route({
      method: 'GET',
      path: '/api/nova/servers/:id/volumes/',
      params: InstanceParams,
      response: { 200: InstanceVolumeList },
    }),
    securityGroups: route({
      method: 'GET',
      path: '/api/nova/servers/:id/security-groups/',
      params: InstanceParams,
      response: { 200: InstanceSecurityGroupList },
    }),
  }),
  ...novaServerActionRoutes,
  ...novaLaunchRoutes,
  ...routes('nova.servergroups', {
    list: route({
      method: 'GET',
      path: '/api/nova/servergroups/',
      response: { 200: ServerGroupList },
    }),
    create: route({
      method: 'POST',
      path: '/api/nova/servergroups/',
      body: ServerGroupCreateBody,
      response: { 201: ServerGroup },
    }),
    get: route({
      method: 'GET',
      path: '/api/nova/servergroups/:id/',
      params: IdParams,
      response: { 200: ServerGroup },
    }),
    delete: route({
      method: 'DELETE',
      path: '/api/nova/servergroups/:id/',
      params: IdParams,
      response: { 204: NoContent },
    }),
  }),
};
