// The fake RBM's check of an AgentMessage body against Google's phones.agentMessages reference: fields, unions, enums and limits.

type Json = Record<string, unknown>;
/** null when valid, else the INVALID_ARGUMENT message. */
type Problem = string | null;

/** Google's limits count characters (code points), not UTF-16 units. */
const chars = (s: string) => [...s].length;
const E164 = /^\+[1-9]\d{1,14}$/;
const RFC3339 = /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(?:\.\d{1,9})?(?:Z|[+-]\d\d:\d\d)$/;

function isObject(v: unknown): v is Json {
  return v !== null && typeof v === 'object' && !Array.isArray(v);
}

/** Google's JSON transcoding refuses fields the message type does not have. */
function fields(v: unknown, path: string, allowed: readonly string[]): Problem {
  if (!isObject(v)) return `Invalid value at '${path}': expected an object.`;
  const unknown = Object.keys(v).find((k) => !allowed.includes(k));
  return unknown === undefined ? null : `Invalid JSON payload received. Unknown name "${unknown}" at '${path}': Cannot find field.`;
}

/** A union field: exactly one member set (or at most one when it is optional). */
function union(v: Json, path: string, members: readonly string[], required = true): Problem {
  const set = members.filter((m) => v[m] !== undefined);
  if (set.length > 1) return `${path}: only one of ${members.join(', ')} may be set; got ${set.join(' and ')}.`;
  if (set.length === 0 && required) return `${path}: one of ${members.join(', ')} must be set.`;
  return null;
}

function text(v: unknown, path: string, max: number, required: boolean): Problem {
  if (v === undefined) return required ? `${path} is required.` : null;
  if (typeof v !== 'string') return `Invalid value at '${path}': expected a string.`;
  if (required && v === '') return `${path} must not be empty.`;
  return chars(v) > max ? `${path} must be at most ${max} characters; got ${chars(v)}.` : null;
}

function oneOfValues(v: unknown, path: string, values: readonly string[], required = false): Problem {
  if (v === undefined) return required ? `${path} is required.` : null;
  return typeof v === 'string' && values.includes(v) ? null : `Invalid value at '${path}': "${String(v)}" is not one of ${values.join(', ')}.`;
}

function url(v: unknown, path: string, required: boolean): Problem {
  if (v === undefined) return required ? `${path} is required.` : null;
  try {
    const u = new URL(String(v));
    return u.protocol === 'https:' || u.protocol === 'http:' ? null : `${path} must be an http(s) URL.`;
  } catch {
    return `${path} is not a valid URL.`;
  }
}

function first(...checks: (() => Problem)[]): Problem {
  for (const check of checks) {
    const p = check();
    if (p !== null) return p;
  }
  return null;
}

function contentInfo(v: unknown, path: string): Problem {
  return first(
    () => fields(v, path, ['fileUrl', 'thumbnailUrl', 'forceRefresh', 'contentDescription']),
    () => url((v as Json).fileUrl, `${path}.file_url`, true),
    () => url((v as Json).thumbnailUrl, `${path}.thumbnail_url`, false),
    () => ((v as Json).forceRefresh === undefined || typeof (v as Json).forceRefresh === 'boolean' ? null : `Invalid value at '${path}.force_refresh': expected a boolean.`),
  );
}

function uploadedFile(v: unknown, path: string): Problem {
  return first(() => fields(v, path, ['fileName', 'thumbnailName']), () => text((v as Json).fileName, `${path}.file_name`, 1000, true));
}

function timestamp(v: unknown, path: string): Problem {
  if (v === undefined) return `${path} is required.`;
  return typeof v === 'string' && RFC3339.test(v) && !Number.isNaN(Date.parse(v)) ? null : `Invalid value at '${path}': "${String(v)}" is not an RFC 3339 timestamp.`;
}

function action(v: unknown, path: string): Problem {
  const a = v as Json;
  return first(
    () => fields(v, path, ['text', 'postbackData', 'fallbackUrl', 'dialAction', 'viewLocationAction', 'createCalendarEventAction', 'openUrlAction', 'shareLocationAction', 'composeAction']),
    () => text(a.text, `${path}.text`, 25, true),
    () => text(a.postbackData, `${path}.postback_data`, 2048, false),
    () => url(a.fallbackUrl, `${path}.fallback_url`, false),
    () => union(a, path, ['dialAction', 'viewLocationAction', 'createCalendarEventAction', 'openUrlAction', 'shareLocationAction', 'composeAction']),
    () => {
      if (a.dialAction !== undefined) {
        const d = a.dialAction as Json;
        return fields(d, `${path}.dial_action`, ['phoneNumber']) ?? (typeof d.phoneNumber === 'string' && E164.test(d.phoneNumber) ? null : `${path}.dial_action.phone_number must be an E.164 number.`);
      }
      if (a.viewLocationAction !== undefined) {
        const l = a.viewLocationAction as Json;
        return first(
          () => fields(l, `${path}.view_location_action`, ['latLong', 'label', 'query']),
          () => (l.latLong === undefined && l.query === undefined ? `${path}.view_location_action needs lat_long or query.` : null),
          () => {
            if (l.latLong === undefined) return null;
            const ll = l.latLong as Json;
            const ok = isObject(ll) && typeof ll.latitude === 'number' && typeof ll.longitude === 'number' && Math.abs(ll.latitude) <= 90 && Math.abs(ll.longitude) <= 180;
            return fields(ll, `${path}.view_location_action.lat_long`, ['latitude', 'longitude']) ?? (ok ? null : `${path}.view_location_action.lat_long is not a valid LatLng.`);
          },
          () => text(l.label, `${path}.view_location_action.label`, 100, false),
          () => text(l.query, `${path}.view_location_action.query`, 200, false),
        );
      }
      if (a.createCalendarEventAction !== undefined) {
        const c = a.createCalendarEventAction as Json;
        const p = `${path}.create_calendar_event_action`;
        return first(
          () => fields(c, p, ['startTime', 'endTime', 'title', 'description']),
          () => timestamp(c.startTime, `${p}.start_time`),
          () => timestamp(c.endTime, `${p}.end_time`),
          () => (Date.parse(c.endTime as string) < Date.parse(c.startTime as string) ? `${p}.end_time is before start_time.` : null),
          () => text(c.title, `${p}.title`, 100, true),
          () => text(c.description, `${p}.description`, 500, false),
        );
      }
      if (a.openUrlAction !== undefined) {
        const o = a.openUrlAction as Json;
        const p = `${path}.open_url_action`;
        return first(
          () => fields(o, p, ['url', 'application', 'webviewViewMode', 'description']),
          () => url(o.url, `${p}.url`, true),
          () => oneOfValues(o.application, `${p}.application`, ['OPEN_URL_APPLICATION_UNSPECIFIED', 'BROWSER', 'WEBVIEW']),
          () => oneOfValues(o.webviewViewMode, `${p}.webview_view_mode`, ['WEBVIEW_VIEW_MODE_UNSPECIFIED', 'FULL', 'HALF', 'TALL']),
        );
      }
      if (a.shareLocationAction !== undefined) return fields(a.shareLocationAction, `${path}.share_location_action`, []);
      return isObject(a.composeAction) ? null : `Invalid value at '${path}.compose_action': expected an object.`;
    },
  );
}

function suggestions(v: unknown, path: string, max: number): Problem {
  if (v === undefined) return null;
  if (!Array.isArray(v)) return `Invalid value at '${path}': expected a list.`;
  if (v.length > max) return `${path}: at most ${max} suggestions; got ${v.length}.`;
  for (const [i, s] of v.entries()) {
    const p = `${path}[${i}]`;
    const problem = first(
      () => fields(s, p, ['reply', 'action']),
      () => union(s as Json, p, ['reply', 'action']),
      () => {
        const reply = (s as Json).reply;
        if (reply === undefined) return action((s as Json).action, `${p}.action`);
        return first(
          () => fields(reply, `${p}.reply`, ['text', 'postbackData']),
          () => text((reply as Json).text, `${p}.reply.text`, 25, true),
          () => text((reply as Json).postbackData, `${p}.reply.postback_data`, 2048, false),
        );
      },
    );
    if (problem !== null) return problem;
  }
  return null;
}

function cardContent(v: unknown, path: string): Problem {
  const c = v as Json;
  return first(
    () => fields(v, path, ['title', 'description', 'media', 'suggestions']),
    () => (c.title === undefined && c.description === undefined && c.media === undefined ? `${path}: at least one of title, description or media must be set.` : null),
    () => text(c.title, `${path}.title`, 200, false),
    () => text(c.description, `${path}.description`, 2000, false),
    () => {
      if (c.media === undefined) return null;
      const m = c.media as Json;
      return first(
        () => fields(m, `${path}.media`, ['height', 'fileName', 'uploadedRbmFile', 'contentInfo']),
        () => oneOfValues(m.height, `${path}.media.height`, ['HEIGHT_UNSPECIFIED', 'SHORT', 'MEDIUM', 'TALL']),
        () => union(m, `${path}.media`, ['fileName', 'uploadedRbmFile', 'contentInfo']),
        () => (m.contentInfo !== undefined ? contentInfo(m.contentInfo, `${path}.media.content_info`) : m.uploadedRbmFile !== undefined ? uploadedFile(m.uploadedRbmFile, `${path}.media.uploaded_rbm_file`) : null),
      );
    },
    () => suggestions(c.suggestions, `${path}.suggestions`, 4),
  );
}

function richCard(v: unknown, path: string): Problem {
  const r = v as Json;
  return first(
    () => fields(v, path, ['carouselCard', 'standaloneCard']),
    () => union(r, path, ['carouselCard', 'standaloneCard']),
    () => {
      if (r.standaloneCard !== undefined) {
        const s = r.standaloneCard as Json;
        const p = `${path}.standalone_card`;
        return first(
          () => fields(s, p, ['cardOrientation', 'thumbnailImageAlignment', 'cardContent']),
          () => oneOfValues(s.cardOrientation, `${p}.card_orientation`, ['HORIZONTAL', 'VERTICAL'], true),
          () => oneOfValues(s.thumbnailImageAlignment, `${p}.thumbnail_image_alignment`, ['LEFT', 'RIGHT']),
          () => (s.cardContent === undefined ? `${p}.card_content is required.` : cardContent(s.cardContent, `${p}.card_content`)),
        );
      }
      const c = r.carouselCard as Json;
      const p = `${path}.carousel_card`;
      return first(
        () => fields(c, p, ['cardWidth', 'cardContents']),
        () => oneOfValues(c.cardWidth, `${p}.card_width`, ['CARD_WIDTH_UNSPECIFIED', 'SMALL', 'MEDIUM']),
        () => (Array.isArray(c.cardContents) && c.cardContents.length >= 2 && c.cardContents.length <= 10 ? null : `${p}.card_contents must hold 2 to 10 cards.`),
        () => {
          for (const [i, card] of (c.cardContents as unknown[]).entries()) {
            const problem = cardContent(card, `${p}.card_contents[${i}]`);
            if (problem !== null) return problem;
          }
          return null;
        },
      );
    },
  );
}

/** Checks a phones.agentMessages.create body; null when RBM would accept it. */
export function agentMessageProblem(body: unknown): Problem {
  const m = body as Json;
  return first(
    () => fields(body, 'agent_message', ['name', 'sendTime', 'contentMessage', 'messageTrafficType', 'expireTime', 'ttl']),
    () => union(m, 'agent_message', ['expireTime', 'ttl'], false),
    () => oneOfValues(m.messageTrafficType, 'agent_message.message_traffic_type', ['MESSAGE_TRAFFIC_TYPE_UNSPECIFIED', 'AUTHENTICATION', 'TRANSACTION', 'PROMOTION', 'SERVICEREQUEST', 'ACKNOWLEDGEMENT']),
    () => (m.contentMessage === undefined ? 'agent_message.content_message is required.' : null),
    () => {
      const c = m.contentMessage as Json;
      const p = 'agent_message.content_message';
      return first(
        () => fields(c, p, ['suggestions', 'text', 'fileName', 'uploadedRbmFile', 'richCard', 'contentInfo']),
        () => union(c, p, ['text', 'fileName', 'uploadedRbmFile', 'richCard', 'contentInfo']),
        () => text(c.text, `${p}.text`, 3072, false),
        () => (c.contentInfo !== undefined ? contentInfo(c.contentInfo, `${p}.content_info`) : null),
        () => (c.uploadedRbmFile !== undefined ? uploadedFile(c.uploadedRbmFile, `${p}.uploaded_rbm_file`) : null),
        () => (c.richCard !== undefined ? richCard(c.richCard, `${p}.rich_card`) : null),
        () => suggestions(c.suggestions, `${p}.suggestions`, 11),
      );
    },
  );
}
