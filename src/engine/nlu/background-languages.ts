// Generic out-of-scope sentences and function words in French, Spanish, German and Japanese, for bots whose `language`
// is one of them.

/** Sentences about anything a small bot is not about (small talk, trivia, errands), per language. */
export const BACKGROUND_SENTENCES: Readonly<Record<string, readonly string[]>> = {
  fr: [
    'quelle est la capitale de l australie',
    'raconte moi une blague',
    'qui a gagné le match hier soir',
    'comment faire du pain au levain',
    'est ce qu il va pleuvoir demain',
    'quelle heure est il à tokyo',
    'conseille moi un bon livre',
    'combien de calories dans une pomme',
    'tu peux chanter une chanson',
    'quelle est ta couleur préférée',
    'qui a écrit les misérables',
    'mets de la musique',
    'combien font deux plus deux',
    'à quelle distance est la lune',
    'comment réparer un pneu crevé',
    'quels films passent ce soir',
    'mon chat griffe le canapé',
    'il fait beau aujourd hui',
    'explique moi la physique quantique',
    'qu est ce que je fais à dîner',
  ],
  es: [
    'cuál es la capital de australia',
    'cuéntame un chiste',
    'quién ganó el partido anoche',
    'cómo se hace pan de masa madre',
    'va a llover mañana',
    'qué hora es en tokio',
    'recomiéndame un buen libro',
    'cuántas calorías tiene una manzana',
    'puedes cantar una canción',
    'cuál es tu color favorito',
    'quién escribió don quijote',
    'pon algo de música',
    'cuánto es dos más dos',
    'a qué distancia está la luna',
    'cómo arreglo una rueda pinchada',
    'qué películas dan esta noche',
    'mi gato araña el sofá',
    'hace buen tiempo hoy',
    'explícame la física cuántica',
    'qué hago de cena',
  ],
  de: [
    'was ist die hauptstadt von australien',
    'erzähl mir einen witz',
    'wer hat gestern das spiel gewonnen',
    'wie backe ich sauerteigbrot',
    'regnet es morgen',
    'wie spät ist es in tokio',
    'empfiehl mir ein gutes buch',
    'wie viele kalorien hat ein apfel',
    'kannst du ein lied singen',
    'was ist deine lieblingsfarbe',
    'wer hat faust geschrieben',
    'spiel etwas musik',
    'was ist zwei plus zwei',
    'wie weit ist der mond entfernt',
    'wie flicke ich einen platten reifen',
    'welche filme laufen heute abend',
    'meine katze kratzt am sofa',
    'das wetter ist heute schön',
    'erklär mir die quantenphysik',
    'was soll ich zum abendessen kochen',
  ],
  ja: [
    'オーストラリアの首都はどこですか',
    '何か面白い話をして',
    '昨日の試合はどっちが勝ったの',
    'パンの焼き方を教えて',
    '明日は雨が降りますか',
    '東京は今何時ですか',
    'おすすめの本はありますか',
    'りんごのカロリーはどれくらい',
    '歌を歌ってくれる',
    '好きな色は何ですか',
    '音楽をかけて',
    '二足す二はいくつ',
    '月までの距離はどれくらい',
    '今夜はどんな映画をやっていますか',
    '猫がソファをひっかく',
    '今日はいい天気ですね',
    '量子力学について説明して',
    '晩ご飯は何を作ればいい',
    '富士山の高さは',
    'あいうえお',
  ],
};

/** Words too common to tell what a sentence is about, per language (normalized: lowercase, accents folded). */
export const FUNCTION_WORDS: Readonly<Record<string, string>> = {
  fr: `le la les l un une des du de d au aux a est sont etre ai as avez avons je j tu il elle on nous vous ils elles
    me m te t se s mon ma mes ton ta tes son sa ses notre votre leur ce cet cette ces qui que qu quoi quel quelle
    quels quelles comment ou quand pourquoi combien et ou mais si dans sur pour par avec sans en y ne pas plus
    moins tres bien oui non peux peut puis veux voudrais faire fais fait dire dis moi toi lui aujourd hui bonjour
    salut merci`,
  es: `el la los las lo un una unos unas de del al a es son ser soy eres esta estoy estas he has ha yo tu el ella
    nosotros usted ustedes me te se mi mis tu tus su sus nuestro que quien cual cuales como donde cuando por
    porque cuanto cuantos y o pero si en con sin para no mas muy bien puedo puede quiero quisiera hacer hago decir
    dime hoy hola gracias`,
  de: `der die das den dem des ein eine einen einem einer ist sind bin bist sein war ich du er sie es wir ihr mich
    mir dich dir sich mein meine dein deine sein seine unser euer was wer wie wo wann warum welche welcher wieviel
    viele und oder aber wenn in im an am auf fur mit ohne zu zum zur von vom nicht kein keine mehr sehr gut ja
    nein kann kannst mochte will machen sagen heute hallo danke bitte`,
  ja: `の は が を に で と も か へ や から まで より ね よ な です ます でした ました ですか ますか だ である て た し この その あの どの これ それ あれ どれ 何 なに いつ どこ 誰 どう
    どうして なぜ いくつ どれくらい 私 わたし あなた 今日 こんにちは ありがとう ください ちょっと ある いる する なる できる`,
};
