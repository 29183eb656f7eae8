// The Send API's rules on a `message` object, as the platform's reference states them: what the fake refuses with (#100).

const HTTP_URL = /^https?:\/\/\S+$/;
const RATIOS = ['compact', 'tall', 'full'];

type Json = Record<string, unknown>;

function isObject(v: unknown): v is Json {
  return v !== null && typeof v === 'object' && !Array.isArray(v);
}

function text(v: unknown, field: string, max: number, required = true): string | null {
  if (v === undefined && !required) return null;
  if (typeof v !== 'string' || v === '') return `${field} must be a non-empty string`;
  if (v.length > max) return `${field} must be at most ${max} characters, got ${v.length}`;
  return null;
}

function onlyKeys(o: Json, allowed: string[], field: string): string | null {
  const extra = Object.keys(o).find((k) => !allowed.includes(k));
  return extra === undefined ? null : `${field} has an unknown property "${extra}"`;
}

function webUrlProblem(b: Json, field: string, titled: boolean): string | null {
  if (typeof b.url !== 'string' || !HTTP_URL.test(b.url)) return `${field}.url must be an http(s) URL`;
  if (b.webview_height_ratio !== undefined && !RATIOS.includes(b.webview_height_ratio as string)) return `${field}.webview_height_ratio must be one of ${RATIOS.join(', ')}`;
  return (titled ? text(b.title, `${field}.title`, 20) : null)
    ?? onlyKeys(b, ['type', 'url', 'title', 'webview_height_ratio', 'messenger_extensions', 'fallback_url', 'webview_share_button'], field);
}

export function buttonProblem(b: unknown, field: string): string | null {
  if (!isObject(b)) return `${field} must be an object`;
  switch (b.type) {
    case 'web_url': return webUrlProblem(b, field, true);
    case 'postback': return text(b.title, `${field}.title`, 20) ?? text(b.payload, `${field}.payload`, 1000) ?? onlyKeys(b, ['type', 'title', 'payload'], field);
    case 'phone_number':
      if (typeof b.payload !== 'string' || !/^\+[1-9]\d{6,14}$/.test(b.payload)) return `${field}.payload must be a phone number in the format +<country code><number>`;
      return text(b.title, `${field}.title`, 20) ?? onlyKeys(b, ['type', 'title', 'payload'], field);
    default: return `${field}.type must be a supported button type, got ${JSON.stringify(b.type)}`;
  }
}

function buttonsProblem(v: unknown, field: string, min: number): string | null {
  if (!Array.isArray(v) || v.length < min || v.length > 3) return `${field} must be an array of ${min}-3 buttons`;
  for (const [i, b] of v.entries()) {
    const p = buttonProblem(b, `${field}[${i}]`);
    if (p !== null) return p;
  }
  return null;
}

function elementProblem(e: unknown, field: string): string | null {
  if (!isObject(e)) return `${field} must be an object`;
  const p = text(e.title, `${field}.title`, 80) ?? text(e.subtitle, `${field}.subtitle`, 80, false);
  if (p !== null) return p;
  if (e.image_url !== undefined && (typeof e.image_url !== 'string' || !HTTP_URL.test(e.image_url))) return `${field}.image_url must be an http(s) URL`;
  if (e.default_action !== undefined) {
    if (!isObject(e.default_action) || e.default_action.type !== 'web_url') return `${field}.default_action must be a web_url action`;
    if (e.default_action.title !== undefined) return `${field}.default_action takes no title`;
    const d = webUrlProblem(e.default_action, `${field}.default_action`, false);
    if (d !== null) return d;
  }
  if (e.buttons !== undefined) {
    const b = buttonsProblem(e.buttons, `${field}.buttons`, 1);
    if (b !== null) return b;
  }
  if (e.subtitle === undefined && e.image_url === undefined && e.default_action === undefined && e.buttons === undefined) {
    return `${field} must set at least one property in addition to title`;
  }
  return onlyKeys(e, ['title', 'subtitle', 'image_url', 'default_action', 'buttons'], field);
}

function attachmentProblem(a: unknown): string | null {
  if (!isObject(a)) return 'message.attachment must be an object';
  if (!isObject(a.payload)) return 'message.attachment.payload must be an object';
  const p = a.payload;
  if (['image', 'video', 'audio', 'file'].includes(a.type as string)) {
    if (p.attachment_id !== undefined) return null;
    if (typeof p.url !== 'string' || !HTTP_URL.test(p.url)) return 'message.attachment.payload.url must be an http(s) URL';
    return onlyKeys(p, ['url', 'is_reusable'], 'message.attachment.payload');
  }
  if (a.type !== 'template') return `message.attachment.type must be image, video, audio, file or template, got ${JSON.stringify(a.type)}`;
  if (p.template_type === 'button') {
    return text(p.text, 'message.attachment.payload.text', 640) ?? buttonsProblem(p.buttons, 'message.attachment.payload.buttons', 1)
      ?? onlyKeys(p, ['template_type', 'text', 'buttons', 'sharable'], 'message.attachment.payload');
  }
  if (p.template_type === 'generic') {
    if (!Array.isArray(p.elements) || p.elements.length < 1 || p.elements.length > 10) return 'message.attachment.payload.elements must hold 1-10 elements';
    for (const [i, e] of p.elements.entries()) {
      const problem = elementProblem(e, `message.attachment.payload.elements[${i}]`);
      if (problem !== null) return problem;
    }
    return onlyKeys(p, ['template_type', 'elements', 'sharable', 'image_aspect_ratio'], 'message.attachment.payload');
  }
  return `message.attachment.payload.template_type ${JSON.stringify(p.template_type)} is not supported by this fake`;
}

function quickRepliesProblem(v: unknown): string | null {
  if (!Array.isArray(v) || v.length < 1 || v.length > 13) return 'message.quick_replies must hold 1-13 quick replies';
  for (const [i, q] of v.entries()) {
    const field = `message.quick_replies[${i}]`;
    if (!isObject(q)) return `${field} must be an object`;
    if (q.content_type === 'user_phone_number' || q.content_type === 'user_email') continue;
    if (q.content_type !== 'text') return `${field}.content_type must be text, user_phone_number or user_email`;
    const p = text(q.title, `${field}.title`, 20) ?? text(q.payload, `${field}.payload`, 1000);
    if (p !== null) return p;
    if (q.image_url !== undefined && (typeof q.image_url !== 'string' || !HTTP_URL.test(q.image_url))) return `${field}.image_url must be an http(s) URL`;
    const k = onlyKeys(q, ['content_type', 'title', 'payload', 'image_url'], field);
    if (k !== null) return k;
  }
  return null;
}

/** null when the platform takes the message; otherwise what it would say is wrong. */
export function sendMessageProblem(message: unknown): string | null {
  if (!isObject(message)) return 'message must be an object';
  const hasText = message.text !== undefined;
  const hasAttachment = message.attachment !== undefined;
  if (hasText === hasAttachment) return 'message must have exactly one of text or attachment';
  const p = hasText ? text(message.text, 'message.text', 2000) : attachmentProblem(message.attachment);
  if (p !== null) return p;
  if (message.quick_replies !== undefined) {
    const q = quickRepliesProblem(message.quick_replies);
    if (q !== null) return q;
  }
  return onlyKeys(message, ['text', 'attachment', 'quick_replies', 'metadata'], 'message');
}
