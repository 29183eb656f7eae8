// A template named in a send (broadcast, agent reply) as the engine carries it: variables become the body's text parameters.
import type { ProviderTemplate } from '../../engine/index.js';

export interface TemplateSend {
  name: string;
  language: string;
  variables?: string[];
  components?: { type: string; [key: string]: unknown }[];
}

export function providerTemplate(send: TemplateSend): ProviderTemplate {
  const components = (send.components ?? []).map((c) => JSON.parse(JSON.stringify(c)) as ProviderTemplate['components'][number]);
  const variables = send.variables ?? [];
  const hasBody = components.some((c) => typeof c === 'object' && c !== null && !Array.isArray(c) && String(c.type).toLowerCase() === 'body');
  if (variables.length > 0 && !hasBody) components.push({ type: 'body', parameters: variables.map((text) => ({ type: 'text', text })) });
  return { name: send.name, language: send.language, components };
}
