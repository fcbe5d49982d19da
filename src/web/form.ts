export type Form = Record<string, unknown>;

/** The posted fields of a form; a request without a form body has none. */
export function formFields(body: unknown): Form {
  return typeof body === 'object' && body !== null && !Array.isArray(body) ? (body as Form) : {};
}

/** A field's text; a missing or repeated field reads as empty. */
export function formText(form: Form, name: string): string {
  const value = form[name];
  return typeof value === 'string' ? value : '';
}
