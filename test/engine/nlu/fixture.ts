// A small pizza-shop bot in the bot format, used by the recognizer tests.

export const pizzaBot = {
  name: 'pizza',
  interactions: [
    { name: 'welcome', intents: ['sys:start'], actions: [] },
    {
      name: 'order',
      context: 'ordering',
      intents: [
        {
          name: 'orderPizza',
          expressions: [
            { text: 'I want a large pizza', slots: [{ name: 'size', type: 'keyword:size', value: 'large' }] },
            { text: 'can I get a medium pizza delivered', slots: [{ name: 'size', type: 'keyword:size', value: 'medium' }] },
            { text: 'order a pizza', slots: [] },
            'I would like to order a pizza',
            'get me a pizza please',
            'I am hungry, send me a pizza',
          ],
        },
      ],
      actions: [],
    },
    {
      name: 'sizes',
      keywords: [
        {
          name: 'size',
          values: [
            { value: 'small', expressions: ['little', 'tiny'] },
            { value: 'medium', expressions: ['regular'] },
            { value: 'large', expressions: ['big', 'family size'] },
          ],
        },
      ],
      actions: [],
    },
    {
      name: 'stores',
      keywords: [{ name: 'store', values: [{ value: 'airport', expressions: ['terminal'] }, { value: 'downtown', expressions: ['city centre'] }] }],
      actions: [],
    },
    {
      name: 'track',
      intents: [
        {
          name: 'trackOrder',
          expressions: ['where is my order', 'track my order', 'how long until my pizza arrives', 'when will my food get here', 'what is the status of my delivery'],
        },
      ],
      actions: [],
    },
    {
      name: 'hours',
      intents: [
        {
          name: 'openingHours',
          excludeContext: 'ordering',
          expressions: ['when are you open', 'what are your opening hours', 'are you open on sunday', 'what time do you close today'],
        },
      ],
      actions: [],
    },
    {
      name: 'reserve',
      intents: [
        {
          name: 'bookTable',
          expressions: [
            { text: 'book a table for Alice', slots: [{ name: 'guest', type: 'text', value: 'Alice' }] },
            { text: 'reserve a table under the name Bob', slots: [{ name: 'guest', type: 'text', value: 'Bob' }] },
            'I want to reserve a table',
            'table reservation please',
          ],
        },
      ],
      actions: [],
    },
    { name: 'help', intents: ['sys:help'], actions: [] },
    { name: 'menu', intents: [{ name: 'sys::menu', expressions: ['show the pizza list', 'which pizzas do you have'] }], actions: [] },
    { name: 'cancel', intents: ['sys:cancel'], actions: [] },
    {
      name: 'fallback',
      intents: [{ name: 'sys:text', expressions: ['tell me a joke', 'what is the weather like', 'who won the football game', 'how old are you'] }],
      actions: [],
    },
  ],
};
