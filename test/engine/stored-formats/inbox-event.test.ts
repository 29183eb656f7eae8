// Events waiting in an inbox as stored (conversation_events.payload): the shapes stored on main read as they are; a newer one is refused.
import { describe, expect, it } from 'vitest';
import { inboxEventFormat } from '../../../src/engine/stored-formats/inbox-event.js';
import { StoredFormatError } from '../../../src/engine/stored-formats/stored-format.js';

/** Payloads as main (a068b50) stored them: from the upgrade fixture's inbox, and as ingest, the job handlers and broadcasts write them. */
const STORED = {
  welcome: '{"event":{"kind":"welcome"},"device":{"type":"browser","platform":"web"}}',
  message: '{"event":{"kind":"message","text":"are you there?","payload":null,"media":[],"location":null},"device":{"type":"browser","platform":"web"}}',
  smsMessage: '{"event":{"kind":"message","text":"STOP"},"device":null}',
  form: '{"event":{"kind":"form","token":"bb8dfb00-563f-4290-a3da-20adcf4d736e","action":"submit","values":{"sys:firstName":"Ann","toppings":["Ham"],"agree":true}},"device":{"type":"browser","platform":"web"}}',
  timer: '{"event":{"kind":"timer","token":"22d559cd-854a-4276-88a8-3083158fb1af"},"device":null}',
  requestResult: '{"event":{"kind":"requestResult","writes":[{"scope":"human","name":"quote","value":"42"}],"failed":false,"fallback":null},"device":null}',
  script: '{"event":{"kind":"script","target":"welcome"},"device":null}',
  proactive: '{"event":{"kind":"proactive","message":{"text":"Sale today","media":null,"mediaType":null},"script":null},"device":null,"batchId":3}',
  sessionEnded: '{"event":{"kind":"sessionEnded"},"device":{"type":"speaker","platform":"alx"}}',
};

describe('a stored inbox event', () => {
  it.each(Object.entries(STORED))('reads the %s event stored on main as it is', (_name, text) => {
    expect(inboxEventFormat.parse(text)).toEqual(JSON.parse(text));
  });

  it('refuses an event a newer release stored, and a damaged one', () => {
    const problem = (text: string) => {
      try {
        inboxEventFormat.parse(text);
      } catch (err) {
        if (err instanceof StoredFormatError) return err.problem;
      }
      return null;
    };
    expect(problem('{"v":2,"event":{"kind":"message"},"device":null}')).toBe('newer');
    expect(problem('{"event":{"kind":"telepathy"},"device":null}')).toBe('corrupt');
    expect(problem('{"event":null,"device":null}')).toBe('corrupt');
    expect(problem('{"event":{"kind":"timer","token":"t"},"device":null,"batchId":"3"}')).toBe('corrupt');
  });
});
