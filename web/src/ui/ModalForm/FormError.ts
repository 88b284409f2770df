/**
 * Thrown from a form's submit to show a message at the top of the form and keep it open
 * (client-side checks that need the server's answer first, e.g. "Passwords do not match").
 */
export class FormError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'FormError';
  }
}
