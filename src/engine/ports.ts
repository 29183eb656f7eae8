// The ports the engine needs from the outside world; the server and the in-memory host implement them.

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export interface HttpRequest {
  url: string;
  method: HttpMethod;
  headers: Record<string, string>;
  /** Already encoded (text, JSON or form); null for none. */
  body: string | null;
  /** Overrides the client's default time limit for the whole exchange. */
  timeoutMs?: number;
}

export interface HttpResponse {
  status: number;
  /** Lower-case names; repeated headers joined with ", ". */
  headers: Record<string, string>;
  body: string;
  /** The URL that answered, after redirects. */
  url: string;
}

export type HttpFailureReason =
  | 'timeout' // no complete answer in time
  | 'blocked' // the SSRF guard refused the address or the scheme
  | 'too-large' // the answer exceeded the size limit
  | 'network' // DNS, connection or protocol failure
  | 'redirects'; // too many redirects

/** Why an outbound request produced no response; any HTTP status, 4xx and 5xx included, is a response, not a failure. */
export class HttpFailure extends Error {
  constructor(readonly reason: HttpFailureReason, message: string) {
    super(message);
    this.name = 'HttpFailure';
  }
}

/** Outbound HTTP for bot definitions (request action, RSS): guarded against SSRF, bounded in time and size. */
export interface HttpPort {
  request(req: HttpRequest): Promise<HttpResponse>;
}
