// The Cloud API's checks of a message object, as Meta documents them: what it refuses with which code and detail.

export interface Problem {
  code: number;
  details: string;
}

const problem = (code: number, details: string): Problem => ({ code, details });

const isObject = (v: unknown): v is Record<string, unknown> => v !== null && typeof v === 'object' && !Array.isArray(v);
const str = (v: unknown): v is string => typeof v === 'string';

function lengthProblem(where: string, value: unknown, max: number, required = true): Problem | null {
  if (value === undefined && !required) return null;
  if (!str(value) || value.trim() === '') return problem(131009, `Param ${where} is required and must be a non-empty string`);
  if (value.length > max) return problem(131009, `Param ${where} must be at most ${max} characters long`);
  return null;
}

function mediaProblem(where: string, media: unknown, captions: boolean): Problem | null {
  if (!isObject(media)) return problem(131008, `Param ${where} is required`);
  const hasLink = media.link !== undefined;
  const hasId = media.id !== undefined;
  if (hasLink === hasId) return problem(131009, `Param ${where} must have exactly one of link or id`);
  if (hasLink && (!str(media.link) || !/^https?:\/\/\S+$/i.test(media.link))) return problem(131009, `Param ${where}['link'] must be an HTTP or HTTPS URL`);
  if (hasId && (!str(media.id) || !/^\d{1,30}$/.test(media.id))) return problem(131009, `Param ${where}['id'] must be a media id`);
  if (media.caption !== undefined) {
    if (!captions) return problem(131009, `Param ${where}['caption'] is not allowed for this media type`);
    return lengthProblem(`${where}['caption']`, media.caption, 1024);
  }
  return null;
}

function headerProblem(header: unknown, allowMedia: boolean): Problem | null {
  if (header === undefined) return null;
  if (!isObject(header) || !str(header.type)) return problem(131009, 'Param interactive[\'header\'][\'type\'] is required');
  if (header.type === 'text') return lengthProblem('interactive[\'header\'][\'text\']', header.text, 60);
  if (!allowMedia || !['image', 'video', 'document'].includes(header.type)) return problem(131009, `Param interactive['header']['type'] "${header.type}" is not valid for this interactive type`);
  return mediaProblem(`interactive['header']['${header.type}']`, header[header.type], false);
}

function interactiveProblem(i: unknown): Problem | null {
  if (!isObject(i) || !str(i.type)) return problem(131008, 'Param interactive[\'type\'] is required');
  if (!isObject(i.body)) return problem(131008, 'Param interactive[\'body\'] is required');
  const body = lengthProblem('interactive[\'body\'][\'text\']', i.body.text, 1024);
  if (body !== null) return body;
  if (i.footer !== undefined && (!isObject(i.footer) || lengthProblem('interactive[\'footer\'][\'text\']', i.footer.text, 60) !== null)) {
    return problem(131009, 'Param interactive[\'footer\'][\'text\'] must be at most 60 characters long');
  }
  const action = i.action;
  if (!isObject(action)) return problem(131008, 'Param interactive[\'action\'] is required');
  switch (i.type) {
    case 'button': {
      const header = headerProblem(i.header, true);
      if (header !== null) return header;
      const buttons = action.buttons;
      if (!Array.isArray(buttons) || buttons.length < 1 || buttons.length > 3) return problem(131009, 'Param interactive[\'action\'][\'buttons\'] must have between 1 and 3 buttons');
      const ids = new Set<string>();
      const titles = new Set<string>();
      for (const [n, b] of buttons.entries()) {
        if (!isObject(b) || b.type !== 'reply' || !isObject(b.reply)) return problem(131009, `Param interactive['action']['buttons'][${n}] must be a reply button`);
        const p = lengthProblem(`interactive['action']['buttons'][${n}]['reply']['id']`, b.reply.id, 256) ?? lengthProblem(`interactive['action']['buttons'][${n}]['reply']['title']`, b.reply.title, 20);
        if (p !== null) return p;
        if (ids.has(b.reply.id as string) || titles.has(b.reply.title as string)) return problem(131009, 'Buttons must have unique ids and unique titles');
        ids.add(b.reply.id as string);
        titles.add(b.reply.title as string);
      }
      return null;
    }
    case 'list': {
      const header = headerProblem(i.header, false);
      if (header !== null) return header;
      const label = lengthProblem('interactive[\'action\'][\'button\']', action.button, 20);
      if (label !== null) return label;
      const sections = action.sections;
      if (!Array.isArray(sections) || sections.length < 1 || sections.length > 10) return problem(131009, 'Param interactive[\'action\'][\'sections\'] must have between 1 and 10 sections');
      const ids = new Set<string>();
      let rows = 0;
      for (const [s, section] of sections.entries()) {
        if (!isObject(section) || !Array.isArray(section.rows) || section.rows.length === 0) return problem(131009, `Param interactive['action']['sections'][${s}]['rows'] is required`);
        if (sections.length > 1 || section.title !== undefined) {
          const title = lengthProblem(`interactive['action']['sections'][${s}]['title']`, section.title, 24);
          if (title !== null) return title;
        }
        for (const [r, row] of (section.rows as unknown[]).entries()) {
          rows += 1;
          const where = `interactive['action']['sections'][${s}]['rows'][${r}]`;
          if (!isObject(row)) return problem(131009, `Param ${where} must be an object`);
          const p = lengthProblem(`${where}['id']`, row.id, 200) ?? lengthProblem(`${where}['title']`, row.title, 24) ?? lengthProblem(`${where}['description']`, row.description, 72, false);
          if (p !== null) return p;
          if (ids.has(row.id as string)) return problem(131009, 'Row ids must be unique');
          ids.add(row.id as string);
        }
      }
      return rows > 10 ? problem(131009, 'A list message takes at most 10 rows in all') : null;
    }
    case 'cta_url': {
      const header = headerProblem(i.header, true);
      if (header !== null) return header;
      const parameters = action.parameters;
      if (action.name !== 'cta_url' || !isObject(parameters)) return problem(131009, 'Param interactive[\'action\'] must name cta_url with its parameters');
      const text = lengthProblem('interactive[\'action\'][\'parameters\'][\'display_text\']', parameters.display_text, 20);
      if (text !== null) return text;
      return str(parameters.url) && /^https?:\/\/\S+$/i.test(parameters.url) ? null : problem(131009, 'Param interactive[\'action\'][\'parameters\'][\'url\'] must be a URL');
    }
    default:
      return problem(131009, `Param interactive['type'] "${i.type.slice(0, 40)}" is not supported here`);
  }
}

/** Why the Cloud API would refuse this message object (the body minus messaging_product and the recipient); null when it takes it. */
export function cloudMessageProblem(body: Record<string, unknown>): Problem | null {
  const type = body.type;
  if (!str(type)) return problem(131008, 'Param type is required');
  if (!(type in body) && type !== 'reaction') return problem(131008, `Param ${type} is required`);
  switch (type) {
    case 'text': {
      const text = body.text;
      if (!isObject(text)) return problem(131008, 'Param text is required');
      if (text.preview_url !== undefined && typeof text.preview_url !== 'boolean') return problem(131009, 'Param text[\'preview_url\'] must be a boolean');
      return lengthProblem('text[\'body\']', text.body, 4096);
    }
    case 'image':
    case 'video':
    case 'document':
      return mediaProblem(type, body[type], true);
    case 'audio':
    case 'sticker':
      return mediaProblem(type, body[type], false);
    case 'interactive':
      return interactiveProblem(body.interactive);
    case 'reaction': {
      const r = body.reaction;
      return isObject(r) && str(r.message_id) && str(r.emoji) ? null : problem(131009, 'Param reaction needs message_id and emoji');
    }
    case 'template':
      return null;
    default:
      return problem(131051, `Message type ${type.slice(0, 40)} is not supported`);
  }
}
