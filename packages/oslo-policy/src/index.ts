export { parseRule, PolicyParseError } from './parseRule';
export type { RuleNode, RuleList } from './parseRule';
export type { Template, TemplateError, TemplateKey } from './pyFormat';
export type { ExtensionCheck, PolicyTarget } from './evaluateRule';
export { Enforcer } from './Enforcer';
export type {
  CheckResult,
  CredentialDefaults,
  DeprecatedRule,
  EnforcerOptions,
  PolicyCredentials,
  PolicyOverrides,
  PolicyRuleDefault,
  PolicyRuleDefaults,
} from './Enforcer';
export { neutronFieldCheck } from './neutronFieldCheck';
export { parsePolicyFile } from './parsePolicyFile';
export {
  createEnforcers,
  isService,
  loadDefaultRules,
  SERVICE_CREDENTIAL_DEFAULTS,
  SERVICES,
} from './defaultRules';
export type { CreateEnforcersOptions, Service } from './defaultRules';
