// The bot the sandbox tests try on every channel: a greeting with choices, a carousel, links, and an echo of anything else.

export const trialBot = {
  name: 'trial desk',
  interactions: [
    {
      name: 'welcome', intents: ['sys:start'], actions: [{ send: { message: {
        text: 'Hi {sys:firstName}! What would you like?',
        quickReplies: [
          { type: 'postback', title: 'Opening hours', payload: 'HOURS', execute: 'hours' },
          { type: 'postback', title: 'Menu', payload: 'MENU', execute: 'menu' },
        ],
      } } }],
    },
    { name: 'hours', actions: [{ send: { message: { text: 'We are open 9 to 5.', buttons: [{ type: 'weburl', title: 'Website', payload: 'https://pizza.example/hours' }] } } }] },
    {
      name: 'menu',
      actions: [{ send: { message: {
        text: 'Pick one:',
        carousel: [
          { title: 'Margherita', description: 'Tomato, mozzarella and fresh basil from our garden', media: 'https://pizza.example/margherita.png', mediaType: 'image',
            buttons: [{ type: 'postback', title: 'Order', payload: 'ORDER_MARG', execute: 'ordered' }] },
          { title: 'Diavola', description: 'Spicy salami', media: 'https://pizza.example/diavola.png', mediaType: 'image',
            buttons: [{ type: 'postback', title: 'Order', payload: 'ORDER_DIAV', execute: 'ordered' }] },
        ],
      } } }],
    },
    { name: 'ordered', actions: [{ send: { message: { text: 'Ordered: {sys:payload}. rcsEnabled={sys:rcsEnabled}' } } }] },
    { name: 'broken', intents: [{ name: 'broken', expressions: ['broken link please'] }], actions: [{ send: { message: { text: 'Here:', buttons: [{ type: 'calendar', title: 'Book', eventTitle: 'Dinner', startTime: '2030-06-01T21:00:00Z', endTime: '2030-06-01T19:00:00Z' }] } } }] },
    { name: 'other', intents: ['sys:text'], actions: [{ send: { message: { text: 'You said: {sys:text}' } } }] },
  ],
};
