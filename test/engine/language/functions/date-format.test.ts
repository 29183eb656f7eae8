// dateFormat and uuid, with the failure results of the spec table.
import { describe, expect, it } from 'vitest';
import { dateFormat } from '../../../../src/engine/language/functions/date-format.js';
import { FUNCTIONS } from '../../../../src/engine/language/functions/registry.js';
import { renderTemplate } from '../../../../src/engine/language/render.js';
import { fixture } from '../context-fixture.js';

const { ctx } = fixture({ human: { birthday: '1990-07-14', stamp: '14/07/1990 08:30', iso: '2024-03-05T14:07:09+02:00' } }, { timeZone: 'America/New_York' });

describe('dateFormat(<datetime>,<format1>,<format2>)', () => {
  it.each([
    [['2024-03-05', 'yyyy-MM-dd', 'dd/MM/yyyy'], '05/03/2024'],
    [['05/03/2024 14:07', 'dd/MM/yyyy HH:mm', "yyyy-MM-dd'T'HH:mm:ss"], '2024-03-05T14:07:00'],
    [['2024-03-05T14:07:09', "yyyy-MM-dd'T'HH:mm:ss", 'EEEE, MMMM d'], 'Tuesday, March 5'],
    [['2024-03-05T14:07:09', "yyyy-MM-dd'T'HH:mm:ss", '"MMM d, yyyy"'], 'Mar 5, 2024'],
    [['2024-03-05T14:07:09', '', 'HH:mm'], '14:07'],
    [['2024-03-05T14:07:09+02:00', '', 'HH:mm XXX'], '14:07 +02:00'],
    [['2024-03-05T14:07:09', "yyyy-MM-dd'T'HH:mm:ss", ''], '2024-03-05T14:07:09'],
    [['2024-03-05 14:07', 'yyyy-MM-dd HH:mm', 'HH:mm z'], '14:07 EST'],
    [['birthday', 'yyyy-MM-dd', 'd MMM yyyy'], '14 Jul 1990'],
    [['stamp', 'dd/MM/yyyy HH:mm', 'h:mm a'], '8:30 AM'],
  ])('%j → %s', (args, expected) => {
    expect(dateFormat(args, ctx)).toBe(expected);
  });

  it.each([
    [['31/02/2024', 'dd/MM/yyyy', 'yyyy'], 'an impossible date'],
    [['2024-03-05', 'dd/MM/yyyy', 'yyyy'], 'text not in format1'],
    [['2024-03-05', 'yyyy-MM-dd', 'qqqq'], 'an unsupported output letter'],
    [['2024-03-05', 'yyyy-MM-dd F', 'yyyy'], 'an unsupported input letter'],
    [['', 'yyyy-MM-dd', 'yyyy'], 'no date'],
    [['missing', 'yyyy-MM-dd', 'yyyy'], 'an attribute that does not exist'],
    [['2024-03-05', 'yyyy-MM-dd'], 'a missing argument'],
  ])('%j → empty string: %s', (args) => {
    expect(dateFormat(args, ctx)).toBe('');
  });

  it('works inside tags, with tags as arguments', () => {
    expect(renderTemplate('{sys:function:dateFormat({birthday},yyyy-MM-dd,dd.MM.yyyy)}', ctx)).toBe('14.07.1990');
    expect(renderTemplate("{sys:function:dateFormat({datetime:datetime},yyyy-MM-dd'T'HH:mm:ss,yyyy)}", ctx)).toBe('2024');
  });
});

describe('uuid and the function table', () => {
  it('uuid is an alias of sys:uuid, taking no arguments', () => {
    const { ctx: fresh } = fixture();
    expect(renderTemplate('{sys:function:uuid} {sys:function:uuid()} {sys:uuid}', fresh)).toBe('uuid-1 uuid-2 uuid-3');
  });

  it('uses crypto random UUIDs unless one is injected', async () => {
    const { createLanguageContext } = await import('../../../../src/engine/language/context.js');
    const plain = createLanguageContext({ attributes: { get: () => undefined }, clock: () => new Date(0) });
    expect(renderTemplate('{sys:uuid}', plain)).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
  });

  it('lists the five predefined functions of the spec', () => {
    expect(Object.keys(FUNCTIONS).sort()).toEqual(['dateFormat', 'embedJson', 'evaluate', 'removeField', 'uuid']);
  });
});
