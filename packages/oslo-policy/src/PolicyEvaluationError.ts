/**
 * Raised while evaluating where oslo.policy itself would raise (a rule cycle, a kind that is not
 * Python, indexing a string in the credentials...). The service would answer with an error, so
 * the Enforcer turns it into a denial with this message.
 */
export class PolicyEvaluationError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'PolicyEvaluationError';
  }
}
