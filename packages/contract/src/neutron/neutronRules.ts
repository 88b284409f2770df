// The Neutron rules and constants the web app uses at run time (no TypeBox), one subpath:
// the forms check what the server checks.
export * from './portRules';
export * from './qosRules';
