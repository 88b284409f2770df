/** A configuration problem the operator must fix; server.ts prints the message and exits. */
export class ConfigError extends Error {
  override name = 'ConfigError';
}
