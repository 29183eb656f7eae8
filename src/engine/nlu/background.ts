// Generic out-of-scope sentences: they teach a definition with few or no `sys:text` samples what "none of my intents" looks like.
import { BACKGROUND_SENTENCES, FUNCTION_WORDS as OTHER_FUNCTION_WORDS } from './background-languages.js';
import { primaryLanguage } from './language.js';
import { words } from './normalize.js';

/**
 * Added to the out-of-scope class when a definition gives fewer than MIN_OUT_OF_SCOPE samples,
 * so that a bot with two intents does not answer every message with one of them. Kept broad
 * (small talk, trivia, requests of many kinds) and free of the built-in special-intent phrases.
 */
export const BACKGROUND_OUT_OF_SCOPE: readonly string[] = [
  'what is the capital of australia',
  'how tall is mount everest',
  'who won the game last night',
  'tell me a joke',
  'what is the meaning of life',
  'how do i bake sourdough bread',
  'is it going to rain tomorrow',
  'what time is it in tokyo',
  'recommend a good book',
  'how many calories are in an apple',
  'can you sing a song',
  'what is your favorite color',
  'how do planes stay in the air',
  'who wrote romeo and juliet',
  'play some music',
  'what is two plus two',
  'translate hello into spanish',
  'how far is the moon',
  'where can i buy cheap flights',
  'what are the symptoms of the flu',
  'how do i fix a flat tire',
  'who is the president of france',
  'set an alarm for seven',
  'what movies are playing tonight',
  'how old is the universe',
  'my cat keeps scratching the sofa',
  'the weather is nice today',
  'i like turtles',
  'asdf qwerty',
  'blah blah blah',
  'what is the stock price of apple',
  'how do you make a paper airplane',
  'explain quantum physics',
  'which team has the best record',
  'how do i learn to play guitar',
  'where is the nearest gas station',
  'what should i cook for dinner',
  'how long does it take to boil an egg',
  'do you dream',
  'the quick brown fox jumps over the lazy dog',
];

export const MIN_OUT_OF_SCOPE = 20;

// Words too common to say what a sentence is about; sharing one of them with a bot's expressions does not make a sentence in scope.
const FUNCTION_WORDS = new Set(
  [
    'a an the is are was be am do does did have has had i you my your me we us it its in on at of to for from and or but if so as',
    'with how what who where when which why can could should would will some any this that there into over about by up out',
    'not no yes all just now then than much many one get give go make take tell show know want need like please let lets',
    'good hello hi today time long',
  ]
    .join(' ')
    .split(' '),
);

/**
 * The background sentences that share no content word with the definition's in-scope texts: a
 * weather bot must not learn "is it going to rain tomorrow" as out of scope, nor a joke bot "tell me a joke".
 * A definition in French, Spanish, German or Japanese gets that language's sentences before the English
 * ones (which still teach it that a message in English is none of its intents).
 */
export function backgroundFor(inScopeTexts: Iterable<string>, language: string | null = null): string[] {
  const code = primaryLanguage(language);
  const own = code === null ? undefined : BACKGROUND_SENTENCES[code];
  const functionWords = new Set(FUNCTION_WORDS);
  if (code !== null && OTHER_FUNCTION_WORDS[code] !== undefined) for (const w of words(OTHER_FUNCTION_WORDS[code])) functionWords.add(w);
  const vocabulary = new Set<string>();
  for (const text of inScopeTexts) for (const word of words(text)) if (!functionWords.has(word)) vocabulary.add(word);
  return [...(own ?? []), ...BACKGROUND_OUT_OF_SCOPE].filter((sentence) => words(sentence).every((word) => functionWords.has(word) || !vocabulary.has(word)));
}
