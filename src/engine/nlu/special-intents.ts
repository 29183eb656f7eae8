// The predefined conversation intents and the English phrases that stand for them when a definition gives none.

/** The spec writes the menu intent `sys::menu`; both spellings name one intent. */
export function canonicalIntentName(name: string): string {
  return name === 'sys::menu' ? 'sys:menu' : name;
}

/** Samples of text that must yield no intent. */
export const OUT_OF_SCOPE_INTENT = 'sys:text';

export const BUILT_IN_PHRASES: Readonly<Record<string, readonly string[]>> = {
  'sys:start': ['start', 'get started', 'lets start', 'lets begin', 'begin', 'start the conversation', 'i want to start', 'hello, i want to get started'],
  'sys:help': ['help', 'help me', 'i need help', 'can you help me', 'please help', 'what can you do', 'how does this work', 'i need assistance', 'i am stuck', 'support'],
  'sys:menu': ['menu', 'main menu', 'show the menu', 'show me the menu', 'go to the menu', 'options', 'show me my options', 'what are my options', 'back to the menu'],
  'sys:cancel': ['cancel', 'cancel that', 'cancel it', 'never mind', 'nevermind', 'forget it', 'stop', 'abort', 'i want to cancel', 'stop this'],
  'sys:startOver': ['start over', 'restart', 'start again', 'begin again', 'from the beginning', 'reset', 'lets start over', 'can we start over', 'start from scratch'],
  'sys:breakOut': ['exit', 'quit', 'get me out', 'get me out of here', 'leave', 'i want to leave', 'break out', 'something else', 'i want to do something else', 'let me out'],
};

/** The built-in phrases of a canonical special intent name; undefined for any other name (`constructor` included). */
export function builtInPhrases(name: string): readonly string[] | undefined {
  return Object.hasOwn(BUILT_IN_PHRASES, name) ? BUILT_IN_PHRASES[name] : undefined;
}

export function isSpecialIntent(name: string): boolean {
  return builtInPhrases(canonicalIntentName(name)) !== undefined;
}
