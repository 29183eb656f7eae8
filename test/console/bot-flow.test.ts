// A bot's flow in words: what starts each interaction, its steps, where it leads and whether anything reaches it.
import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import { flowOf } from '../../web/console/src/pages/bot-flow.js';

const bot = {
  name: 'shop',
  interactions: [
    { name: 'welcome', intents: ['sys:start'], actions: [
      { send: { message: { text: 'Hi! What can I do?', quickReplies: [{ type: 'text', title: 'Order', execute: 'order' }, { type: 'text', title: 'Hours' }] } } },
    ] },
    { name: 'order', actions: [
      { name: 'askCount', send: { message: { text: 'How many?' } } },
      { waitFor: { data: ['number'], content: 'n', executeOnError: 'askCount' } },
      { conditions: [{ attribute: 'n', greaterThan: 10 }], goto: 'person' },
      { send: { email: { to: ['sales@example.com'], subject: 'order', text: '{n}' } } },
    ] },
    { name: 'person', actions: [{ send: { message: { text: 'A person will answer.' } } }, { updateSettings: { bot: { enabled: false } } }] },
    { name: 'forgotten', actions: [{ goto: 'order' }, { assignTags: ['lost'] }] },
    { intents: [{ expressions: ['when are you open', 'opening hours', 'are you open today', 'what time do you close'] }], actions: [{ classify: {} }] },
  ],
};

describe('a bot\'s flow', () => {
  const flow = flowOf(bot);

  it('says what starts each interaction, and its steps in words', () => {
    expect(flow.map((f) => f.label)).toEqual(['welcome', 'order', 'person', 'forgotten', '/interactions/4']);
    expect(flow[0]!.triggers).toEqual(['intent sys:start']);
    expect(flow[0]!.steps).toEqual([{ text: 'Send "Hi! What can I do?" with 2 choices', conditional: false }]);
    expect(flow[1]!.steps.map((s) => s.text)).toEqual(['Send "How many?"', 'Wait for number into n', 'Go to person', 'Send an e-mail']);
    expect(flow[1]!.steps[2]!.conditional).toBe(true);
    expect(flow[2]!.steps.map((s) => s.text)).toEqual(['Send "A person will answer."', 'Hand over to a person']);
    expect(flow[4]!.triggers).toEqual(['4 expressions: "when are you open", "opening hours", "are you open today", …']);
  });

  it('follows where each leads (an action\'s name leads to its interaction) and marks what nothing reaches', () => {
    expect(flow[0]!.leadsTo).toEqual(['order']);
    expect(flow[1]!.leadsTo).toEqual(['order', 'person']);
    expect(flow.filter((f) => f.unreachable).map((f) => f.label)).toEqual(['forgotten']);
    // Reached through the welcome of an experience.
    const experience = { name: 'x', welcomeMessageExecute: 'hello', workflows: [{ name: 'hello', actions: [{ send: { message: { text: 'hi' } } }] }] };
    expect(flowOf(experience)[0]).toMatchObject({ label: 'hello', unreachable: false, triggers: [] });
  });

  it('reads every example bot without a step it cannot name but the ones edited as code', () => {
    for (const name of ['front-desk', 'faq', 'lead-capture', 'appointment', 'welcome-menu']) {
      const definition: unknown = JSON.parse(fs.readFileSync(`examples/${name}/bot.json`, 'utf8'));
      const flows = flowOf(definition);
      expect(flows.length, name).toBeGreaterThan(0);
      expect(flows.filter((f) => f.unreachable).map((f) => f.label), name).toEqual([]);
      expect(flows.flatMap((f) => f.steps).filter((s) => s.text === 'A step edited as code'), name).toEqual([]);
    }
  });
});
