// Small bots written in French, Spanish, German and Japanese (a shop's orders, hours and returns), for the language
// tests.

interface Bot {
  name: string;
  language: string;
  interactions: { name: string; intents: { name: string; expressions: string[] }[]; actions: [] }[];
}

const bot = (name: string, language: string, intents: Record<string, string[]>): Bot => ({
  name,
  language,
  interactions: Object.entries(intents).map(([intent, expressions]) => ({
    name: intent,
    intents: [{ name: intent, expressions }],
    actions: [],
  })),
});

export const frenchBot = bot('boutique', 'fr', {
  suiviCommande: [
    'où est ma commande',
    'je voudrais suivre ma commande',
    'quand est-ce que mon colis arrivera',
    'mon colis n’est toujours pas livré',
    'est-ce que vous avez expédié ma commande',
    'je n’ai pas reçu ma livraison',
  ],
  horaires: [
    'à quelle heure ouvrez-vous',
    'quels sont vos horaires d’ouverture',
    'êtes-vous ouverts le dimanche',
    'jusqu’à quelle heure le magasin est-il ouvert',
    'le magasin ferme à quelle heure',
  ],
  retour: [
    'je veux retourner un article',
    'comment renvoyer un produit',
    'je souhaite être remboursé',
    'l’article est abîmé, je veux un remboursement',
    'puis-je échanger ma taille',
  ],
});

export const spanishBot = bot('tienda', 'es', {
  seguimientoPedido: [
    'dónde está mi pedido',
    'quiero rastrear mi pedido',
    'cuándo llegará mi paquete',
    'mi paquete todavía no ha llegado',
    'ya enviaron mi pedido',
    'no he recibido mi envío',
  ],
  horario: [
    'a qué hora abren',
    'cuál es su horario de apertura',
    'abren los domingos',
    'hasta qué hora está abierta la tienda',
    'a qué hora cierra la tienda',
  ],
  devolucion: [
    'quiero devolver un artículo',
    'cómo devuelvo un producto',
    'quiero que me devuelvan el dinero',
    'el artículo llegó roto y quiero un reembolso',
    'puedo cambiar la talla',
  ],
});

export const germanBot = bot('laden', 'de', {
  sendungsverfolgung: [
    'wo ist meine Bestellung',
    'ich möchte meine Bestellung verfolgen',
    'wann kommt mein Paket an',
    'mein Paket ist immer noch nicht angekommen',
    'haben Sie meine Bestellung schon verschickt',
    'ich habe meine Lieferung nicht erhalten',
  ],
  oeffnungszeiten: [
    'wann öffnen Sie',
    'wie sind Ihre Öffnungszeiten',
    'haben Sie sonntags geöffnet',
    'bis wann hat der Laden offen',
    'um wie viel Uhr schließt das Geschäft',
  ],
  ruecksendung: [
    'ich möchte einen Artikel zurückschicken',
    'wie kann ich ein Produkt zurückgeben',
    'ich möchte mein Geld zurück',
    'der Artikel ist kaputt, ich will eine Erstattung',
    'kann ich die Größe umtauschen',
  ],
});

export const japaneseBot = bot('mise', 'ja', {
  haisou: [
    '注文した商品はどこですか',
    '注文を追跡したい',
    '荷物はいつ届きますか',
    'まだ荷物が届いていません',
    '注文はもう発送されましたか',
    '配達状況を確認したい',
  ],
  eigyou: [
    '何時に開店しますか',
    '営業時間を教えてください',
    '日曜日は営業していますか',
    'お店は何時まで開いていますか',
    '閉店時間は何時ですか',
  ],
  henpin: [
    '商品を返品したい',
    '返品の方法を教えてください',
    '返金してほしい',
    '商品が壊れていたので返金してください',
    'サイズを交換できますか',
  ],
});
