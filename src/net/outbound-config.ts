// What the operator sets for outbound requests from bot definitions; config.ts reads it from the environment.

export interface OutboundConfig {
  /** `host` or `host:port` entries whose internal addresses outbound requests may reach; metadata services stay closed. */
  allowHosts: string[];
  /** Default time for one whole outbound exchange, redirects included; a request may ask for another (up to 120 s). */
  timeoutMs: number;
  maxResponseBytes: number;
  maxRequestBytes: number;
  /** file:// URLs read files under `fileRoot` when true (the two go together). */
  allowFile: boolean;
  fileRoot: string | null;
  allowFtp: boolean;
}
