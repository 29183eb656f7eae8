// answer: a grounded answer from the account's knowledge bases through the host's knowledge port; its text and sources
// into attributes, sent with the sources as the channel shows them; the fallback when it is not grounded, fails or is
// over its token budget.
import type { AnswerModel } from '../definition/model.js';
import { renderTemplate } from '../language/render.js';
import { emptyMessage, type OutboundMessage, type RenderedButton } from '../outbound.js';
import type { AnswerSource, CitationStyle } from '../ports.js';
import { takeFallback } from './fallback.js';
import type { StepContext, StepOutcome } from './step.js';

/** Buttons (and RCS suggestions) hold at most 4 links and 25 characters of title. */
const MAX_LINKS = 4;
const TITLE_MAX = 25;

/** Voice reads titles out; channels that number their choices number sources too; the rest show links. */
export function citationStyle(channelType: string, numbered: boolean): CitationStyle {
  if (channelType === 'alx') return 'spoken';
  return numbered ? 'numbered' : 'links';
}

function short(title: string, max: number): string {
  return title.length <= max ? title : `${title.slice(0, max - 1)}…`;
}

function linkButton(source: AnswerSource): RenderedButton {
  return {
    type: 'weburl', title: short(`${source.number}. ${source.title}`, TITLE_MAX), payload: source.url, postbackData: null, description: null,
    application: null, webviewViewMode: null, eventTitle: null, startTime: null, endTime: null, query: null, latLong: null, label: null,
    imageUrl: null, extra: {},
  };
}

/** The message an answer is sent as, its sources shown the channel's way. */
export function answerMessage(text: string, sources: readonly AnswerSource[], style: CitationStyle): OutboundMessage {
  const message = emptyMessage();
  if (style === 'spoken') {
    const spoken = text.replace(/\s*\[\d+\]/g, '');
    message.text = sources.length === 0 ? spoken : `${spoken} ${sources.length === 1 ? 'Source' : 'Sources'}: ${sources.map((s) => s.title).join('; ')}.`;
    return message;
  }
  if (style === 'numbered') {
    message.text = sources.length === 0 ? text : `${text}\n\n${sources.map((s) => `[${s.number}] ${s.title}${s.url ? ` ${s.url}` : ''}`).join('\n')}`;
    return message;
  }
  const linked = sources.filter((s) => s.url !== null).slice(0, MAX_LINKS);
  const unlinked = sources.filter((s) => !linked.includes(s));
  message.text = unlinked.length === 0 ? text : `${text}\n\n${unlinked.map((s) => `[${s.number}] ${s.title}`).join('\n')}`;
  message.buttons = linked.map(linkButton);
  return message;
}

export async function answer(model: AnswerModel, ctx: StepContext): Promise<StepOutcome> {
  const { run, action } = ctx;
  const fallback = (reason: string): StepOutcome => takeFallback('answer', model.fallback, reason, ctx);
  const question = renderTemplate(model.question, run.language).trim();
  if (question === '') return fallback('ungrounded (the question is empty)');
  const port = run.env.knowledge;
  if (port === undefined) return fallback('failed (this host has no knowledge bases)');
  const style = citationStyle(run.env.channel.type, run.env.channel.capabilities.numberedChoices);
  let result;
  try {
    result = await port.answer({
      knowledgeBases: model.knowledgeBases, question, instructions: model.instructions, model: model.model, extractive: model.extractive,
      maxTokens: model.maxTokens, passages: model.passages, minRelevance: model.minRelevance, conversationTokenLimit: model.conversationTokenLimit,
      dailyTokenLimit: model.dailyTokenLimit, citationStyle: style,
    });
  } catch (error) {
    return fallback(`failed (${(error as Error).message})`);
  }
  if (result.kind === 'fallback') return fallback(`${result.reason} (${result.detail})`);
  if (model.attribute !== null) run.assign(model.attribute, result.text, action.pointer);
  if (model.sourcesAttribute !== null) run.assign(model.sourcesAttribute, JSON.stringify(result.sources), action.pointer);
  if (model.send) {
    const message = answerMessage(result.text, result.sources, style);
    message.answer = {
      mode: result.mode, sources: result.sources, passages: result.passages,
      promptTokens: result.promptTokens, completionTokens: result.completionTokens,
    };
    run.outbound.push(message);
  }
  return 'next';
}
