// An OutboundConfig for tests: the defaults loadConfig gives, with the fields a test cares about replaced.
import { loadConfig, type OutboundConfig } from '../../src/config.js';

export function outboundConfig(overrides: Partial<OutboundConfig> = {}): OutboundConfig {
  return { ...loadConfig({}).outbound, ...overrides };
}
