// What the object at a pointer is called, for problem sentences ("The button …", "The message field "text" …").

/** The object kind by the key it sits under (array items by the array's key). */
const NOUNS: Record<string, string> = {
  interactions: 'interaction',
  workflows: 'workflow',
  actions: 'action',
  intents: 'intent',
  keywords: 'keyword',
  values: 'keyword value',
  expressions: 'expression',
  slots: 'slot',
  conditions: 'condition',
  and: 'condition',
  or: 'condition',
  not: 'condition',
  validation: 'validation',
  send: 'send action',
  message: 'message',
  buttons: 'button',
  quickReplies: 'quick reply',
  carousel: 'rich card',
  richCard: 'rich card settings',
  latLong: 'location',
  email: 'e-mail action',
  request: 'request action',
  note: 'note action',
  rss: 'RSS action',
  populate: 'populate object',
  waitFor: 'wait action',
  delay: 'delay action',
  pause: 'pause action',
  updateSettings: 'update settings action',
  bot: 'bot settings',
  conversation: 'conversation settings',
  startDialog: 'start dialog action',
  dataCapture: 'data capture',
  fields: 'data capture field',
  assignAttributes: 'assign attributes action',
  attributes: 'attribute value',
  multipleValuesSettings: 'multiple values settings',
  updateAttribute: 'update attribute action',
};

function decode(segment: string): string {
  return segment.replace(/~1/g, '/').replace(/~0/g, '~');
}

export function pointerSegments(pointer: string): string[] {
  return pointer === '' ? [] : pointer.slice(1).split('/').map(decode);
}

/** The noun for the object at the pointer; the root is the definition. */
export function nounAt(segments: readonly string[], rootNoun: string): string {
  for (let i = segments.length - 1; i >= 0; i--) {
    const segment = segments[i]!;
    if (/^\d+$/.test(segment)) continue;
    // Keywords inside a wait action are {name, attribute} pairs, not bot keywords.
    if (segment === 'keywords' && segments[i - 1] === 'waitFor') return 'wait keyword';
    return Object.hasOwn(NOUNS, segment) ? NOUNS[segment]! : `"${segment}" object`;
  }
  return rootNoun;
}
