// Builds the spec's error object for a status and description.
import { STATUS_CODES } from 'node:http';

/** RFC sections that define each status the API answers with: stable URLs a client can follow. */
const DEFINITIONS: Record<number, string> = {
  429: 'https://www.rfc-editor.org/rfc/rfc6585#section-4',
};

export interface ErrorBody {
  code: string;
  reasonPhrase: string;
  description: string;
  homeRef: string;
  contactEmail: string;
  uri: string;
  problems?: { pointer: string; message: string }[];
}

export const REASON_PHRASES: Record<number, string> = {
  413: 'Request Entity Too Large',
  416: 'Requested Range Not Satisfiable',
  422: 'Unprocessable Entity',
};

export function errorBody(status: number, description: string, homeRef: string, contactEmail: string, extra?: Record<string, unknown>): ErrorBody {
  return {
    code: String(status),
    reasonPhrase: REASON_PHRASES[status] ?? STATUS_CODES[status] ?? 'Error',
    description,
    homeRef,
    contactEmail,
    uri: DEFINITIONS[status] ?? `https://www.rfc-editor.org/rfc/rfc9110#status.${status}`,
    ...(extra ?? {}),
  };
}
