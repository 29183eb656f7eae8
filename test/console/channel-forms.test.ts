// The console's channel forms: one description for every channel type that can be made, each asking only fields the
// channel has, with the webhook path the server routes (/hooks/{type}/{id}) or web chat's snippet.
import { describe, expect, it } from 'vitest';
import { CHANNEL_TYPES } from '../../src/channel-types.js';
import { CHANNEL_FORMS, channelForm, embedSnippet, typeLabel, webhookUrl } from '../../web/console/src/channel-forms.js';

describe('the channel forms', () => {
  // A new channel type is one entry in web/console/src/channel-forms.ts: this fails until it has its entry.
  it.each(CHANNEL_TYPES.filter((t) => !t.comingSoon).map((t) => t.name))('describe %s in words', (type) => {
    const form = CHANNEL_FORMS[type];
    expect(form, `web/console/src/channel-forms.ts has no entry for "${type}"`).toBeDefined();
    expect(form!.label).not.toBe(type);
    expect(new Set(form!.fields.map((f) => f.name)).size).toBe(form!.fields.length);
    for (const f of form!.fields) expect(['user', 'token', 'phoneType', 'countryCode', 'data']).toContain(f.name);
    if (form!.embed === true || form!.registersWebhook === true) expect(form!.webhookPath).toBeNull();
    else expect(form!.webhookPath).toBe(`/hooks/${type}/{id}`);
  });

  it('asks web chat for nothing of a provider, and gives its snippet', () => {
    expect(CHANNEL_FORMS.web!.fields).toEqual([]);
    expect(embedSnippet(12, 'https://chat.example.com')).toBe('<script src="https://chat.example.com/chat/12/embed.js" async></script>');
    expect(webhookUrl(CHANNEL_FORMS.web!, 12, 'https://x')).toBeNull();
  });

  it('gives the URL to paste at the provider, and a type it does not know its own fields', () => {
    expect(webhookUrl(CHANNEL_FORMS.dlc!, 7, 'https://parley.example.com')).toBe('https://parley.example.com/hooks/dlc/7');
    expect(typeLabel('dlc')).toBe('SMS long code');
    const unknown = channelForm('zzz', 'Some new messenger');
    expect(unknown.label).toBe('Some new messenger');
    expect(unknown.fields.map((f) => f.name)).toEqual(['user', 'token']);
    expect(webhookUrl(unknown, 3, 'https://p')).toBe('https://p/hooks/zzz/3');
  });
});
