// The bot of the browser tests: every kind of message the widget shows, a call to a slow API, a data-capture form.

/** `site` serves the images and the slow opening-hours API (test/browser/site.ts). */
export function pizzaBot(site: string) {
  const image = (name: string) => `${site}/img/${name}.png`;
  return {
    name: 'pizza desk',
    interactions: [
      {
        name: 'welcome', intents: ['sys:start'], actions: [{ send: { message: {
          text: 'Hello! I am the <b>pizza</b> desk. News at https://pizza.example/news',
          quickReplies: [{ type: 'text', title: 'Opening hours' }, { type: 'postback', title: 'Menu', payload: 'MENU', execute: 'menu', imageUrl: image('chip') }],
        } } }],
      },
      {
        name: 'hours', intents: [{ name: 'hours', expressions: ['opening hours', 'when are you open', 'what time do you open'] }],
        actions: [
          { send: { request: { url: `${site}/api/hours`, method: 'GET', response: 'hours' } } },
          { send: { message: { text: 'We are open {hours}.', quickReplies: [{ type: 'postback', title: 'Menu', payload: 'MENU', execute: 'menu', imageUrl: image('chip') }] } } },
        ],
      },
      {
        name: 'menu',
        actions: [
          { send: { message: {
            title: 'Pizza of the day', text: 'Margherita, fresh from the oven', media: image('margherita'), mediaType: 'image',
            richCard: { cardOrientation: 'HORIZONTAL', imageAlignment: 'RIGHT' },
            buttons: [
              { type: 'weburl', title: 'Full menu', payload: 'https://pizza.example/menu' },
              { type: 'call', title: 'Call us', payload: '+1 555 010 0100' },
              { type: 'viewLocation', title: 'Find us', label: 'Parley Pizza', latLong: { latitude: 45.76, longitude: 4.84 } },
              { type: 'calendar', title: 'Pizza night', eventTitle: 'Pizza night', startTime: '2030-06-01T19:00:00Z', endTime: '2030-06-01T21:00:00Z' },
            ],
          } } },
          { send: { json: { type: 'analytics', step: 'menu shown' } } },
          { send: { message: {
            text: 'Pick one:', richCard: { cardOrientation: 'VERTICAL', mediaHeight: 'SHORT' },
            carousel: [
              { title: 'Margherita', description: 'Tomato & <i>basil</i>', media: image('margherita'), mediaType: 'image',
                buttons: [{ type: 'postback', title: 'Order', payload: 'ORDER_MARG', execute: 'order' }] },
              { title: 'Diavola', description: 'Spicy salami', media: `${site}/media/diavola.mp4`, mediaType: 'video', thumbnailUrl: image('diavola'),
                buttons: [{ type: 'postback', title: 'Order', payload: 'ORDER_DIAV', execute: 'order' }] },
              { title: 'Our song', media: `${site}/media/jingle.mp3`, mediaType: 'audio', buttons: [] },
              { title: 'Allergens', description: 'The full list', media: `${site}/files/allergens.pdf`, mediaType: 'file', buttons: [] },
            ],
          } } },
        ],
      },
      {
        name: 'order',
        actions: [{ dataCapture: {
          displayMode: 'popup', submitButton: 'Place order', dismissButton: 'Cancel', executeOnSubmit: 'ordered',
          fields: [
            { type: 'text', attribute: 'fullName', title: 'Name', required: true },
            { type: 'select', attribute: 'size', title: 'Size', options: ['Small', 'Large'], required: true },
            { type: 'checkbox', attribute: 'toppings', title: 'Toppings', options: ['Olives', 'Basil', 'Chili'] },
            { type: 'switch', attribute: 'delivery', title: 'Delivery' },
            { type: 'email', attribute: 'contactEmail', title: 'E-mail', placeholder: 'you@example.com', required: true },
          ],
        } }],
      },
      { name: 'ordered', actions: [{ send: { message: { text: 'Thanks {fullName}: a {size} pizza with {toppings}, delivery {delivery}. Confirmation to {contactEmail}.' } } }] },
      {
        name: 'book',
        actions: [
          { send: { message: { text: 'When would you like to come?', quickReplies: [{ type: 'datetime', title: 'Pick a time' }] } } },
          { waitFor: { data: 'datetime', content: 'when' } },
          { send: { message: { text: 'Where are you coming from?', quickReplies: [{ type: 'location', title: 'Share my location' }] } } },
          { waitFor: { data: 'coordinates', content: 'from' } },
          { send: { message: { text: 'Booked for {when}, coming from {from.latitude}, {from.longitude}.' } } },
        ],
      },
      {
        name: 'other', intents: ['sys:text'],
        actions: [{ send: { message: { text: 'You said: {sys:text}', quickReplies: [{ type: 'postback', title: 'Book a table', payload: 'BOOK', execute: 'book' }] } } }],
      },
    ],
  };
}
