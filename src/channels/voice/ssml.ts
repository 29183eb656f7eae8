// SSML as the voice platform speaks it: plain text escaped for it, and a bot's own <speak> document taken as it is.

const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' };

/** Plain text made safe inside <speak>: the five XML special characters as entities. */
export function escapeSsml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => ESCAPES[c]!);
}

const SPEAK_DOCUMENT = /^<speak(?:\s[^>]*)?>([\s\S]*)<\/speak>$/i;

/** The content of a text that is a whole <speak>…</speak> document (the bot wrote SSML); null for plain text. */
export function speakContent(text: string): string | null {
  const m = SPEAK_DOCUMENT.exec(text.trim());
  return m === null ? null : m[1]!.trim();
}

/** Plain text ends with a full stop when it has no closing punctuation, so the next sentence is not run into it. */
export function asSentence(text: string): string {
  const t = text.trim().replace(/\s+/g, ' ');
  return t === '' || /[.!?…:;]["'”’)\]]*$/.test(t) ? t : `${t}.`;
}
