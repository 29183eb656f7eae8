// The text rules the API applies and documents alike: each is the pattern in the OpenAPI document and the check a
// service makes, so a client generated from the document refuses what the server refuses.

/**
 * An e-mail address as Parley judges one: something, an @, and a domain with a dot (mail is delivered to it). JSON
 * Schema's `format: email` (RFC 5321) also allows `0@com` and `ada@localhost`, which Parley refuses: the document
 * states this pattern instead.
 */
export const EMAIL_PATTERN = '^[^\\s@]+@[^\\s@]+\\.[^\\s@]+$';

/** A date-time: `yyyy-mm-dd`, then optionally `Thh:mm`, seconds, a fraction and a zone (none: UTC). */
export const INSTANT_PATTERN = '^[0-9]{4}-[0-9]{2}-[0-9]{2}(T[0-9]{2}:[0-9]{2}(:[0-9]{2}(\\.[0-9]{1,9})?)?([zZ]|[+-][0-9]{2}:[0-9]{2})?)?$';

/** A phone number in international format: `+`, digits, and the spaces, dots, dashes and brackets people write. */
export const PHONE_PATTERN = '^\\+[0-9][0-9 ().-]{0,30}$';

/** A NANP long code as the RCS lookup takes it: ten digits, with or without +1. */
export const NANP_PATTERN = '^(\\+1)?[0-9]{10}$';

/**
 * The OpenAPI extension naming a rule the server applies beyond what JSON Schema can say (a number that must exist in
 * the numbering plan, a date that must be in the calendar, a name that must refer to something): values the schema
 * allows may still be refused with a 422 saying why.
 */
export const SERVER_RULE = 'x-parley-rule';

/** What PHONE_PATTERN cannot say about a phone number. */
export const PHONE_RULE = 'A number of a length its country\'s numbering plan allows (libphonenumber\'s isPossible).';

/** What INSTANT_PATTERN cannot say about a date-time. */
export const DATE_RULE = 'A date that exists in the calendar.';

/** A domain name (an e-mail's part after the @), any case: labels of letters, digits and inner hyphens, a final TLD (253 characters at most, said by maxLength). */
export const DOMAIN_PATTERN = '^([A-Za-z0-9]([A-Za-z0-9-]{0,61}[A-Za-z0-9])?\\.)+[A-Za-z]{2,63}$';
