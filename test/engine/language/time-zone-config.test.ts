// BOT_TIME_ZONE: the configured zone reaches the language context and changes what datetime:* renders.
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../../src/config.js';
import { createLanguageContext } from '../../../src/engine/language/context.js';
import { MemoryAttributes } from '../../../src/engine/language/memory-attributes.js';
import { renderTemplate } from '../../../src/engine/language/render.js';

const NOW = new Date('2024-03-05T23:30:00Z');

function renderIn(env: Record<string, string>, text: string): string {
  const config = loadConfig({ DATA_DIR: '/tmp/parley-tz-test', ...env });
  const ctx = createLanguageContext({ attributes: new MemoryAttributes(), clock: () => NOW, timeZone: config.botTimeZone });
  return renderTemplate(text, ctx);
}

describe('BOT_TIME_ZONE', () => {
  it.each([
    [{}, 'UTC', '2024-03-05 23:30'],
    [{ BOT_TIME_ZONE: '' }, 'UTC', '2024-03-05 23:30'],
    [{ BOT_TIME_ZONE: 'Europe/Paris' }, 'Europe/Paris', '2024-03-06 00:30'],
    [{ BOT_TIME_ZONE: 'America/Los_Angeles' }, 'America/Los_Angeles', '2024-03-05 15:30'],
  ])('%j → %s', (env, zone, rendered) => {
    expect(loadConfig({ DATA_DIR: '/tmp/parley-tz-test', ...env }).botTimeZone).toBe(zone);
    expect(renderIn(env, '{datetime:date} {datetime:time(HH:mm)}')).toBe(rendered);
  });

  it.each(['Mars/Olympus', '+01:00', 'Paris'])('refuses %j at start-up', (zone) => {
    expect(() => loadConfig({ DATA_DIR: '/tmp/parley-tz-test', BOT_TIME_ZONE: zone })).toThrow(ConfigError);
    expect(() => loadConfig({ DATA_DIR: '/tmp/parley-tz-test', BOT_TIME_ZONE: zone })).toThrow(/BOT_TIME_ZONE must be an IANA time zone/);
  });
});
