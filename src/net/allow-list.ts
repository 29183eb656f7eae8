// The operator's list of hosts (`host` or `host:port`) that outbound requests may reach even on internal addresses.

export interface AllowEntry {
  hostname: string;
  /** null opens every port of the host. */
  port: number | null;
}

/** One spelling per host, so `API.internal.`, `api.internal` and `[::1]`/`::1` compare equal. */
export function normalizeHostname(hostname: string): string {
  const bare = hostname.startsWith('[') && hostname.endsWith(']') ? hostname.slice(1, -1) : hostname;
  const wrapped = bare.includes(':') ? `[${bare}]` : bare;
  let canonical: string;
  try {
    canonical = new URL(`http://${wrapped}/`).hostname;
  } catch {
    canonical = bare.toLowerCase();
  }
  return canonical.replace(/^\[(.*)\]$/, '$1').replace(/\.$/, '');
}

/** Parses `host`, `host:port`, `[v6]` or `[v6]:port`; throws on anything else. */
export function parseAllowEntry(entry: string): AllowEntry {
  const m = /^(\[[^\]]+\]|[^:[\]/@?#\s]+)(?::(\d{1,5}))?$/.exec(entry.trim());
  if (m === null || m[1] === undefined) throw new Error(`"${entry}" is not host or host:port`);
  const port = m[2] === undefined ? null : Number(m[2]);
  if (port !== null && (port < 1 || port > 65535)) throw new Error(`"${entry}" has a port outside 1-65535`);
  return { hostname: normalizeHostname(m[1]), port };
}

export class AllowList {
  private readonly entries: AllowEntry[];

  constructor(entries: readonly string[]) {
    this.entries = entries.map(parseAllowEntry);
  }

  /** `port` is the port actually connected to (80/443 when the URL names none). */
  allows(hostname: string, port: number): boolean {
    const host = normalizeHostname(hostname);
    return this.entries.some((e) => e.hostname === host && (e.port === null || e.port === port));
  }
}

/** The port a URL connects to, filling in the scheme's default that WHATWG URLs leave out. */
export function effectivePort(protocol: string, port: string): number {
  if (port !== '') return Number(port);
  if (protocol === 'https:') return 443;
  if (protocol === 'ftp:') return 21;
  return 80;
}
