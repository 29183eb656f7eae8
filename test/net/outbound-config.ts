// An OutboundConfig for tests: the defaults loadConfig gives, with the fields a test cares about replaced.
import { loadConfig } from '../../src/config.js';
import type { OutboundConfig } from '../../src/net/index.js';

export function outboundConfig(overrides: Partial<OutboundConfig> = {}): OutboundConfig {
  return { ...loadConfig({}).outbound, ...overrides };
}
