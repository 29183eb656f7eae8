// Recognition in French, Spanish, German and Japanese: accents folded, inflections stemmed, unspaced text split into
// words, per-language out-of-scope sentences.
import { describe, expect, it } from 'vitest';
import { nluDefinitionFrom, normalizeText, trainRecognizer } from '../../../src/engine/nlu/index.js';
import { backgroundFor } from '../../../src/engine/nlu/background.js';
import { primaryLanguage, stemmerFor } from '../../../src/engine/nlu/language.js';
import { tokenize } from '../../../src/engine/nlu/normalize.js';
import { validateDefinition } from '../../../src/engine/definition/validate.js';
import { buildProgram, programNluDefinition } from '../../../src/engine/program.js';
import { frenchBot, germanBot, japaneseBot, spanishBot } from './languages.fixture.js';

type Trained = ReturnType<typeof trainRecognizer>;
type Pairs = readonly (readonly [string, string])[];
const intentOf = (recognizer: Trained, text: string) => recognizer.recognize(text)?.intent ?? null;

describe.each([
  [
    'French',
    frenchBot,
    [
      ['ma commande est où ?', 'suiviCommande'],
      ['Je n ai toujours pas recu mon colis', 'suiviCommande'], // accents and apostrophe left out
      ['vous ouvrez à quelle heure le samedi', 'horaires'],
      ['je voudrais me faire rembourser cet article', 'retour'],
      ['COMMENT RETOURNER UN ARTICLE', 'retour'],
    ],
    ['quelle est la capitale du japon', 'joue de la musique'],
  ],
  [
    'Spanish',
    spanishBot,
    [
      ['donde esta mi pedido', 'seguimientoPedido'], // no accents
      ['todavía no recibí mi paquete', 'seguimientoPedido'],
      ['a qué hora abre la tienda el sábado', 'horario'],
      ['quiero devolver estos zapatos', 'devolucion'],
      ['¿Cómo devuelvo el artículo?', 'devolucion'],
    ],
    ['cuál es la capital de japón', 'pon un poco de música'],
  ],
  [
    'German',
    germanBot,
    [
      ['wo bleibt meine bestellung', 'sendungsverfolgung'],
      ['mein paket ist noch nicht da', 'sendungsverfolgung'],
      ['wann offnen sie am samstag', 'oeffnungszeiten'], // ö typed as o
      ['Wann schliesst der Laden', 'oeffnungszeiten'], // ß typed as ss
      ['ich will den Artikel zurückgeben', 'ruecksendung'],
    ],
    ['was ist die hauptstadt von japan', 'spiel etwas musik'],
  ],
  [
    'Japanese',
    japaneseBot,
    [
      ['注文した荷物はどこ', 'haisou'],
      ['荷物がまだ届かない', 'haisou'],
      ['土曜日は営業していますか', 'eigyou'],
      ['お店は何時に開きますか', 'eigyou'],
      ['この商品を返品できますか', 'henpin'],
      ['ｻｲｽﾞを交換したい', 'henpin'], // half-width katakana
    ],
    ['日本の首都はどこですか', '音楽をかけて'],
  ],
] as const)('a small bot in %s', (_name, bot, inScope: Pairs, outOfScope: readonly string[]) => {
  const definition = nluDefinitionFrom(bot);
  const recognizer = trainRecognizer(definition);

  it('reads the language from the definition', () => {
    expect(definition.language).toBe(bot.language);
  });

  it.each(inScope.map(([text, intent]) => [text, intent]))('%s → %s', (text, intent) => {
    expect(intentOf(recognizer, text)).toBe(intent);
  });

  it.each(outOfScope.map((text) => [text]))('%s → no intent', (text) => {
    expect(intentOf(recognizer, text)).toBeNull();
  });
});

describe('the language setting of a bot', () => {
  it('reaches the normalized model, the recognizer of the program and its stemming', () => {
    const result = validateDefinition(frenchBot);
    if (!result.ok) throw new Error('the French bot is valid');
    expect(result.model.language).toBe('fr');
    expect(programNluDefinition(result.model).language).toBe('fr');
    const program = buildProgram(result.model);
    expect(program.recognizer.recognize('je veux suivre mes commandes')?.intent).toBe('suiviCommande');
  });

  it('is null when the definition gives none', () => {
    const result = validateDefinition({ name: 'x', interactions: [] });
    expect(result.ok && result.model.language).toBeNull();
  });
});

describe('normalization in other scripts', () => {
  it('folds accents and letters typed two ways, but keeps the marks that are part of a letter', () => {
    expect(normalizeText('Straße, Cœur, Ærø, Łódź')).toBe('strasse coeur aero lodz');
    expect(normalizeText('re\u0301sume\u0301')).toBe('resume'); // accents typed as separate marks
    expect(normalizeText('ガソリン')).toBe('ガソリン'); // not カソリン: the voicing mark is part of the letter
    expect(normalizeText('ｶﾞｿﾘﾝ')).toBe('ガソリン');
    expect(normalizeText('हिन्दी')).toBe('हिन्दी'); // Devanagari vowel signs kept
  });

  it('splits unspaced Japanese and Thai into words with offsets into the original text', () => {
    const text = '東京の天気を教えて！';
    const tokens = tokenize(text);
    expect(tokens.length).toBeGreaterThan(3);
    expect(tokens.map((t) => text.slice(t.start, t.end)).join('')).toBe('東京の天気を教えて');
    for (const t of tokens) expect(text.slice(t.start, t.end)).toBe(t.norm);
    expect(tokenize('สวัสดีครับ').length).toBe(2);
  });
});

describe('language settings', () => {
  it('reads the primary subtag of a BCP 47 tag', () => {
    expect(primaryLanguage('fr-CA')).toBe('fr');
    expect(primaryLanguage('PT_br')).toBe('pt');
    expect(primaryLanguage('not a tag')).toBeNull();
    expect(primaryLanguage(null)).toBeNull();
  });

  it('stems French, Spanish and German words, and leaves English and Japanese alone', () => {
    expect(stemmerFor('fr')!('commandes')).toBe(stemmerFor('fr')!('commande'));
    expect(stemmerFor('es')!('pedidos')).toBe(stemmerFor('es')!('pedido'));
    expect(stemmerFor('de')!('bestellungen')).toBe(stemmerFor('de')!('bestellung'));
    expect(stemmerFor('en')).toBeNull();
    expect(stemmerFor('ja')).toBeNull();
    expect(stemmerFor(null)).toBeNull();
  });

  it("adds the language's own out-of-scope sentences before the English ones", () => {
    const french = backgroundFor(['où est ma commande'], 'fr');
    expect(french).toContain('raconte moi une blague');
    expect(french).toContain('tell me a joke');
    expect(backgroundFor(['où est ma commande'], null)).not.toContain('raconte moi une blague');
    // A sentence sharing a content word with the bot's own texts is left out: "musique" here.
    expect(backgroundFor(['je cherche de la musique'], 'fr')).not.toContain('mets de la musique');
  });
});
