/** Validation rules the data-provider tools share. */

/** A company's name as a person writes it: 1 to 200 characters with at least one letter or digit. */
export const COMPANY_NAME_FORMAT = /^(?=.*[\p{L}\p{N}])[^\p{Cc}]{1,200}$/u;
export const COMPANY_NAME_MESSAGE = 'must be 1 to 200 characters with at least one letter or digit, without control characters';
