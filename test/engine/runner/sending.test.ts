// send.message in every form (fields, buttons, quick replies, rich cards, carousels, custom JSON, populate), in both formats.
import { describe, expect, it } from 'vitest';
import { bothFormats, messagesOf, say, Talk } from './harness.js';

const menu = JSON.stringify([
  { sku: 'marg', name: 'Margherita', price: 9, image: 'https://cdn.example/marg.jpg' },
  { sku: 'diav', name: 'Diavola', price: 11, image: 'https://cdn.example/diav.jpg' },
  { sku: 'quat', name: 'Quattro', price: 12, image: 'https://cdn.example/quat.jpg' },
]);

const shop = {
  name: 'shop',
  interactions: [
    { name: 'full', intents: [{ name: 'fullMessage', expressions: ['full message'] }], actions: [
      { send: { message: {
        title: '{bot:shop}', text: 'Hi {sys:firstName}, order {order.id} is {order.status}', mediaType: 'image', media: 'https://cdn.example/{order.id}.png',
        richCard: { cardOrientation: 'HORIZONTAL', imageAlignment: 'LEFT', mediaHeight: 'TALL', thumbnailUrl: 'https://cdn.example/t/{order.id}.png' },
        buttons: [
          { type: 'weburl', title: 'Track {order.id}', payload: 'https://track.example/{order.id}', webviewViewMode: 'TALL' },
          { type: 'call', title: 'Call', payload: '+15550100' },
          { type: 'postback', title: 'Cancel', payload: 'CANCEL_{order.id}', postbackData: 'pb-{order.id}', description: 'Cancel {order.id}', custom: 'kept' },
          { type: 'viewLocation', title: 'Shop', label: '{bot:shop}', latLong: { latitude: 45.5, longitude: 4.8 } },
        ],
        quickReplies: [
          { type: 'text', title: 'Yes {sys:firstName}', payload: 'YES', imageUrl: 'https://cdn.example/{order.id}/yes.png' },
          { type: 'location', title: 'Where' },
        ],
      } } },
    ] },
    { name: 'cards', intents: [{ name: 'cards', expressions: ['show cards'] }], actions: [
      { send: { message: { text: 'Pick one', carousel: [
        { title: 'Small {sys:firstName}', description: 'For one', media: 'https://cdn.example/s.png', mediaType: 'image', cardOrientation: 'VERTICAL',
          buttons: [{ type: 'postback', title: 'Small', payload: 'SMALL' }] },
        { title: 'Large', description: 'For {order.id}', buttons: [{ type: 'postback', title: 'Large', payload: 'LARGE' }] },
      ] } } },
    ] },
    { name: 'custom', intents: [{ name: 'custom', expressions: ['custom json'] }], actions: [
      { send: { json: { type: 'status', order: '{order.id}', lines: ['{order.items[0]}', 'x {sys:firstName}'], express: true, count: 2, '{order.id}': 'keys stay' } } },
      { send: { message: { text: 'With text' }, json: { kind: 'both' } } },
    ] },
    { name: 'populated', intents: [{ name: 'populated', expressions: ['show menu'] }], actions: [
      { send: { message: { text: 'Our menu', carousel: [
        { title: '{item.name}', description: '#{sys:index}: {price} EUR', media: '{image}', mediaType: 'image',
          buttons: [{ type: 'postback', title: 'Add', payload: 'ADD_{item.sku}' }] },
      ] }, populate: { from: 'menu', attribute: 'item' } } },
      say('After: index [{sys:index}] item [{item}] price [{price}]'),
    ] },
    { name: 'populatedOuter', intents: [{ name: 'populatedOuter', expressions: ['show menu strictly'] }], actions: [
      { send: { message: { text: 'Strict', quickReplies: [{ type: 'text', title: '{pizza.name} {price}', payload: '{pizza.sku}' }] },
        populate: { from: 'menu', attribute: 'pizza', allowInnerAttributes: false } } },
    ] },
    { name: 'populatedButtons', intents: [{ name: 'populatedButtons', expressions: ['show buttons'] }], actions: [
      { send: { message: { text: 'Buttons', buttons: [{ type: 'postback', title: '{name}', payload: 'B{sys:index}' }] }, populate: { from: 'menu' } } },
    ] },
    { name: 'populatedPath', intents: [{ name: 'populatedPath', expressions: ['show nested'] }], actions: [
      { send: { message: { text: 'Nested', quickReplies: [{ type: 'text', title: '{it}' }] }, populate: { from: 'nested.list', attribute: 'it' } } },
    ] },
    { name: 'populatedEmpty', intents: [{ name: 'populatedEmpty', expressions: ['show nothing'] }], actions: [
      { send: { message: { text: 'Nothing', quickReplies: [{ type: 'text', title: '{it}' }] }, populate: { from: 'absent', attribute: 'it' } } },
    ] },
  ],
};

const attributes = {
  human: { order: JSON.stringify({ id: 'A7', status: 'shipped', items: ['pizza'] }), menu, price: 'outer', nested: JSON.stringify({ list: ['a', 'b'] }) },
  bot: { shop: 'Parley Pizza' },
};

describe.each(bothFormats(shop))('send.message (%s)', (_format, definition) => {
  const talk = () => new Talk(definition, { attributes, human: { firstName: 'Ann' } });

  it('renders every field of a message, tags included, and keeps a button’s extra fields', async () => {
    const [m] = messagesOf(await talk().say('full message'));
    expect(m).toMatchObject({
      title: 'Parley Pizza', text: 'Hi Ann, order A7 is shipped', mediaType: 'image', media: 'https://cdn.example/A7.png',
      richCard: { cardOrientation: 'HORIZONTAL', imageAlignment: 'LEFT', mediaHeight: 'TALL', thumbnailUrl: 'https://cdn.example/t/A7.png' },
      form: null, json: null,
    });
    expect(m!.buttons.map((b) => [b.type, b.title, b.payload])).toEqual([
      ['weburl', 'Track A7', 'https://track.example/A7'], ['call', 'Call', '+15550100'], ['postback', 'Cancel', 'CANCEL_A7'], ['viewLocation', 'Shop', null],
    ]);
    expect(m!.buttons[0]!.webviewViewMode).toBe('TALL');
    expect(m!.buttons[2]).toMatchObject({ postbackData: 'pb-A7', description: 'Cancel A7', extra: { custom: 'kept' } });
    expect(m!.buttons[3]).toMatchObject({ label: 'Parley Pizza', latLong: { latitude: 45.5, longitude: 4.8 } });
    expect(m!.quickReplies.map((q) => [q.type, q.title, q.payload, q.imageUrl])).toEqual([
      ['text', 'Yes Ann', 'YES', 'https://cdn.example/A7/yes.png'], ['location', 'Where', null, null],
    ]);
  });

  it('renders a carousel’s cards with their layout and buttons', async () => {
    const [m] = messagesOf(await talk().say('show cards'));
    expect(m!.text).toBe('Pick one');
    expect(m!.carousel).toMatchObject([
      { title: 'Small Ann', description: 'For one', media: 'https://cdn.example/s.png', mediaType: 'image', cardOrientation: 'VERTICAL', buttons: [{ title: 'Small', payload: 'SMALL' }] },
      { title: 'Large', description: 'For A7', media: null, cardOrientation: null, buttons: [{ title: 'Large', payload: 'LARGE' }] },
    ]);
  });

  it('sends custom JSON with tags rendered in string values only, alone or with a message', async () => {
    const items = messagesOf(await talk().say('custom json'));
    expect(items.map((m) => [m.text, m.json])).toEqual([
      [null, { type: 'status', order: 'A7', lines: ['pizza', 'x Ann'], express: true, count: 2, '{order.id}': 'keys stay' }],
      ['With text', { kind: 'both' }],
    ]);
  });

  it('populates a carousel from a JSON array: the item attribute, its fields, sys:index; all gone afterwards', async () => {
    const t = talk();
    const [m, after] = messagesOf(await t.say('show menu'));
    expect(m!.carousel.map((c) => [c.title, c.description, c.media, c.buttons[0]!.payload])).toEqual([
      ['Margherita', '#0: 9 EUR', 'https://cdn.example/marg.jpg', 'ADD_marg'],
      ['Diavola', '#1: 11 EUR', 'https://cdn.example/diav.jpg', 'ADD_diav'],
      ['Quattro', '#2: 12 EUR', 'https://cdn.example/quat.jpg', 'ADD_quat'],
    ]);
    expect(after!.text).toBe('After: index [] item [] price [outer]');
    expect(t.attr('item')).toBeUndefined();
  });

  it('with allowInnerAttributes false, item fields do not shadow attributes; quick replies are populated too', async () => {
    const [m] = messagesOf(await talk().say('show menu strictly'));
    expect(m!.quickReplies.map((q) => [q.title, q.payload])).toEqual([['Margherita outer', 'marg'], ['Diavola outer', 'diav'], ['Quattro outer', 'quat']]);
  });

  it('populates buttons (item attribute defaults to "item"), from a path inside an attribute, and from nothing', async () => {
    const t = talk();
    expect(messagesOf(await t.say('show buttons'))[0]!.buttons.map((b) => [b.title, b.payload])).toEqual([['Margherita', 'B0'], ['Diavola', 'B1'], ['Quattro', 'B2']]);
    expect(messagesOf(await t.say('show nested'))[0]!.quickReplies.map((q) => q.title)).toEqual(['a', 'b']);
    const [empty] = messagesOf(await t.say('show nothing'));
    expect([empty!.text, empty!.quickReplies]).toEqual(['Nothing', []]);
  });

  it('a click on a populated postback selects it by payload', async () => {
    const t = talk();
    await t.say('show menu');
    expect(t.state.choices.map((c) => c.payload)).toEqual(['ADD_marg', 'ADD_diav', 'ADD_quat']);
  });
});
