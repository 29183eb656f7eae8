// Audit entries in words: a table of entries and the sentences a compliance officer reads.
import { describe, expect, it } from 'vitest';
import { auditSentence, type SentenceParts } from '../../../src/services/teams/audit-sentence.js';

const entry = (p: Partial<SentenceParts>): SentenceParts => ({ actor: 'Ana', action: 'update', resource: 'channels', resourceId: '7', resourceName: null, fields: [], ...p });

describe('auditSentence', () => {
  it.each([
    [entry({ action: 'take-over', resource: 'conversations', resourceId: '12', resourceName: 'Ada Lovelace' }), 'Ana took over conversation 12 (Ada Lovelace)'],
    [entry({ action: 'take-over,assign-self', resource: 'conversations', resourceId: '12' }), 'Ana took over conversation 12 and assigned it to themselves'],
    [entry({ actor: 'Bob', fields: ['token'], resourceName: 'SMS US' }), 'Bob changed the token of channel SMS US'],
    [entry({ fields: ['botId', 'name', 'token'], resourceName: 'SMS US' }), 'Ana changed the bot, name and token of channel SMS US'],
    [entry({ action: 'delete' }), 'Ana deleted channel 7'],
    [entry({ action: 'create', resource: 'bots', resourceName: 'Front desk' }), 'Ana created bot Front desk'],
    [entry({ action: 'sign-in', resource: 'sessions' }), 'Ana signed in'],
    [entry({ action: 'sign-in-failed', resource: 'sessions' }), 'Ana failed to sign in (wrong password)'],
    [entry({ action: 'resolve', resource: 'conversations', resourceId: '3' }), 'Ana resolved conversation 3'],
    [entry({ action: 'messages', resource: 'conversations', resourceId: '3' }), 'Ana replied in conversation 3'],
    [entry({ action: 'update', resource: 'members', fields: ['role'], resourceName: 'bob@example.com' }), 'Ana changed the role of member bob@example.com'],
    [entry({ action: 'disable', resource: 'members', fields: ['status'], resourceName: 'bob@example.com' }), 'Ana disabled member bob@example.com'],
    [entry({ action: 'enable', resource: 'members', fields: ['status'], resourceName: 'bob@example.com' }), 'Ana enabled member bob@example.com'],
    [entry({ action: 'create', resource: 'setup' }), 'Ana created the account and its first owner in the browser'],
    [entry({ action: 'create', resource: 'canned-replies', resourceName: 'Hours' }), 'Ana created canned reply Hours'],
    [entry({ action: 'frobnicate', resource: 'widgets', resourceId: '1' }), 'Ana frobnicate widgets 1'],
  ])('%o', (parts, sentence) => {
    expect(auditSentence(parts)).toBe(sentence);
  });
});
