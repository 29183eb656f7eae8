// A bot's answers from its knowledge bases on its own page: answers, fallbacks and tokens of the last 30 days, and
// today's tokens against the smallest daily limit its `answer` steps set (docs/knowledge.md, "Cost").
import { api, must } from '../api.js';
import { h } from '../dom.js';

/** Whether the definition has an `answer` step, and the smallest `dailyTokenLimit` of them (null when none sets one). */
export function answerSteps(definition: unknown): { present: boolean; dailyTokenLimit: number | null } {
  let present = false;
  let least: number | null = null;
  const walk = (node: unknown): void => {
    if (Array.isArray(node)) { node.forEach(walk); return; }
    if (typeof node !== 'object' || node === null) return;
    for (const [key, value] of Object.entries(node)) {
      if (key === 'answer' && typeof value === 'object' && value !== null && !Array.isArray(value)) {
        present = true;
        const limit = (value as { dailyTokenLimit?: unknown }).dailyTokenLimit;
        if (typeof limit === 'number' && (least === null || limit < least)) least = limit;
      }
      walk(value);
    }
  };
  walk(definition);
  return { present, dailyTokenLimit: least };
}

/** The section, or null for a bot that has never answered from a knowledge base and has no `answer` step. */
export async function botUsage(botId: number, definition: unknown): Promise<HTMLElement | null> {
  const usage = await must(api.GET('/v1/usage', { params: { query: { botId } } }));
  const { present, dailyTokenLimit: limit } = answerSteps(definition);
  const { totals } = usage;
  if (totals.answers === 0 && !present) return null;
  const today = usage.days.find((d) => d.day === usage.to);
  const spentToday = today === undefined ? 0 : today.promptTokens + today.completionTokens;
  const rows = [...usage.days].reverse();
  return h('section', { 'aria-labelledby': 'usage-title' },
    h('h2', { id: 'usage-title' }, 'Answers from knowledge bases'),
    h('p', {}, `From ${usage.from} to ${usage.to}: ${totals.answers} answer${totals.answers === 1 ? '' : 's'} (${totals.fallbacks} fell back), `
      + `${totals.promptTokens} prompt and ${totals.completionTokens} answer tokens.`),
    h('p', {}, limit === null
      ? `Today: ${spentToday} tokens; no answer step sets a daily limit.`
      : `Today: ${spentToday} of ${limit} tokens (the daily limit; past it, answers take their fallback).`),
    rows.length === 0 ? null : h('div', { class: 'scroll' }, h('table', {},
      h('caption', { class: 'sr-only' }, 'Answers by day'),
      h('thead', {}, h('tr', {}, ['Day', 'Answers', 'Fallbacks', 'Prompt tokens', 'Answer tokens'].map((c) => h('th', { scope: 'col' }, c)))),
      h('tbody', {}, rows.map((d) => h('tr', {}, [d.day, d.answers, d.fallbacks, d.promptTokens, d.completionTokens].map((c) => h('td', {}, String(c)))))))));
}
