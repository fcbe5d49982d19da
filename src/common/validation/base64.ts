import { ValidateBy, buildMessage, type ValidationOptions } from 'class-validator';

const OUTSIDE_ALPHABET = /[^A-Za-z0-9+/=]/;

/**
 * Standard padded base64 (RFC 4648, section 4), the strings class-validator's IsBase64 accepts. Its
 * anchored regex (`^[A-Za-z0-9+/]+={0,2}$`) took 2.4 ms of a 6.2 ms call on a 1 MB document; a
 * search for a character outside the alphabet and a look at where the padding starts take a
 * tenth of that (issue 11, docs/DECISIONS.md "MCP benchmark").
 */
export function isPaddedBase64(value: string): boolean {
  if (value.length % 4 !== 0) return false;
  if (value === '') return true;
  if (OUTSIDE_ALPHABET.test(value)) return false;
  const padding = value.indexOf('=');
  const last = value.length - 1;
  return padding === -1 || padding === last || (padding === last - 1 && value[last] === '=');
}

/** The property is a padded base64 string (a document's bytes in a tool's arguments). */
export function IsBase64Content(options?: ValidationOptions): PropertyDecorator {
  return ValidateBy(
    {
      name: 'isBase64',
      validator: {
        validate: (value: unknown) => typeof value === 'string' && isPaddedBase64(value),
        defaultMessage: buildMessage((eachPrefix) => `${eachPrefix}$property must be base64 encoded`, options),
      },
    },
    options,
  );
}
