// Buttons in words and links for platforms that cannot show them: titles, map and calendar links, the line a button becomes.
import { describe, expect, it } from 'vitest';
import { buttonLine, buttonTitle, calendarUrl, calendarWords, httpUrl, mapsUrl, tapValue } from '../../../src/channels/shared/button-text.js';
import { renderedButton } from '../support/rendered.js';

describe('button text', () => {
  it('titles a button by its title, else by what its type offers', () => {
    expect(buttonTitle(renderedButton('weburl', { title: 'Menu', payload: 'https://example.com/' }))).toBe('Menu');
    expect(buttonTitle(renderedButton('viewLocation', { label: 'Our shop' }))).toBe('Our shop');
    expect(buttonTitle(renderedButton('calendar', { eventTitle: 'Tasting' }))).toBe('Tasting');
    expect(buttonTitle(renderedButton('call', { payload: '+12025550123' }))).toBe('Call');
    expect(buttonTitle(renderedButton('postback', { payload: 'SMALL' }))).toBe('SMALL');
    expect(buttonTitle(renderedButton('postback'))).toBe('postback');
  });

  it('answers a tap with the value the runner remembers: postbackData, else payload, else the title', () => {
    expect(tapValue(renderedButton('postback', { title: 'Small', payload: 'S', postbackData: 'size=S' }))).toBe('size=S');
    expect(tapValue(renderedButton('postback', { title: 'Small', payload: 'S' }))).toBe('S');
    expect(tapValue(renderedButton('text', { title: 'Small' }))).toBe('Small');
  });

  it('takes only absolute http(s) URLs', () => {
    expect(httpUrl(' https://example.com/a b')).toBeNull();
    expect(httpUrl(' https://example.com/menu ')).toBe('https://example.com/menu');
    expect(httpUrl('ftp://example.com/')).toBeNull();
    expect(httpUrl(null)).toBeNull();
  });

  it('links a place to a map search and an event to a filled-in web calendar', () => {
    expect(mapsUrl(renderedButton('viewLocation', { latLong: { latitude: 45.76, longitude: 4.84 } }))).toBe('https://www.google.com/maps/search/?api=1&query=45.76%2C4.84');
    expect(mapsUrl(renderedButton('viewLocation', { query: '1 Main St' }))).toBe('https://www.google.com/maps/search/?api=1&query=1%20Main%20St');
    expect(mapsUrl(renderedButton('viewLocation'))).toBeNull();
    const event = renderedButton('calendar', { title: 'Add', eventTitle: 'Tasting', startTime: '2030-05-01T18:00:00.000Z', endTime: '2030-05-01T20:00:00Z', description: 'Bring a friend' });
    expect(calendarUrl(event)).toBe('https://calendar.google.com/calendar/render?action=TEMPLATE&text=Tasting&dates=20300501T180000Z%2F20300501T200000Z&details=Bring+a+friend');
    expect(calendarUrl({ ...event, endTime: 'later' })).toBeNull();
    expect(calendarWords({ ...event, endTime: null })).toBe('Tasting 2030-05-01T18:00:00.000Z');
    expect(calendarWords(renderedButton('calendar'))).toBeNull();
  });

  it('writes a button as "Title: detail", or its title alone when the detail adds nothing', () => {
    const call = renderedButton('call', { title: 'Call us', payload: '+12025550123' });
    expect(buttonLine(call, '+12025550123')).toBe('Call us: +12025550123');
    expect(buttonLine(call, null)).toBe('Call us');
    expect(buttonLine(renderedButton('weburl', { payload: 'x' }), 'Open')).toBe('Open');
  });
});
