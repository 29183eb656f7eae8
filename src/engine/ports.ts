// The ports the engine needs from the outside world; the server and the in-memory host implement them.

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export interface HttpRequest {
  url: string;
  method: HttpMethod;
  headers: Record<string, string>;
  /** Already encoded (text, JSON or form); null for none. */
  body: string | null;
  /** Overrides the client's default time limit for the whole exchange. */
  timeoutMs?: number;
}

export interface HttpResponse {
  status: number;
  /** Lower-case names; repeated headers joined with ", ". */
  headers: Record<string, string>;
  body: string;
  /** The URL that answered, after redirects. */
  url: string;
}

export type HttpFailureReason =
  | 'timeout' // no complete answer in time
  | 'blocked' // the SSRF guard refused the address or the scheme
  | 'too-large' // the answer exceeded the size limit
  | 'network' // DNS, connection or protocol failure
  | 'redirects'; // too many redirects

/** Why an outbound request produced no response; any HTTP status, 4xx and 5xx included, is a response, not a failure. */
export class HttpFailure extends Error {
  constructor(readonly reason: HttpFailureReason, message: string) {
    super(message);
    this.name = 'HttpFailure';
  }
}

/** Outbound HTTP for bot definitions (request action, RSS): guarded against SSRF, bounded in time and size. */
export interface HttpPort {
  request(req: HttpRequest): Promise<HttpResponse>;
}

/** How a channel shows an answer's sources: links (web chat, RCS), a numbered list (SMS), titles read out (voice). */
export type CitationStyle = 'links' | 'numbered' | 'spoken';

export interface AnswerRequest {
  knowledgeBases: readonly (string | number)[];
  question: string;
  instructions: string | null;
  model: string | null;
  extractive: boolean;
  maxTokens: number;
  passages: number;
  minRelevance: number;
  conversationTokenLimit: number | null;
  dailyTokenLimit: number | null;
  citationStyle: CitationStyle;
}

/** A source an answer may show: only documents that may be cited; `number` is the [n] the text refers to. */
export interface AnswerSource {
  number: number;
  title: string;
  url: string | null;
}

/** A passage an answer used (for the transcript), cited or not, private ones included. */
export interface UsedPassage {
  chunkId: number;
  documentId: number;
  title: string;
  score: number;
  citable: boolean;
}

export type AnswerFallbackReason = 'ungrounded' | 'failed' | 'budget';

export type AnswerResult =
  | {
    kind: 'answered';
    /** The answer; [n] markers name sources (markers of private documents are taken out). */
    text: string;
    sources: AnswerSource[];
    passages: UsedPassage[];
    /** generative: a model wrote it; extractive: the best passage itself. */
    mode: 'generative' | 'extractive';
    promptTokens: number;
    completionTokens: number;
  }
  | { kind: 'fallback'; reason: AnswerFallbackReason; detail: string; passages: UsedPassage[] };

/** An interaction a model may choose (the classify action): its name and phrases that show what it is for. */
export interface ClassifyCandidate {
  name: string;
  examples: string[];
}

export interface ClassifyRequest {
  text: string;
  candidates: ClassifyCandidate[];
  /** The model endpoint by name; null: the account's first with a chat model. */
  model: string | null;
  instructions: string | null;
  /** Tokens the bot's answers and classifications may use per day (UTC); null: no limit. */
  dailyTokenLimit: number | null;
}

export type ClassifyResult =
  | { kind: 'chosen'; name: string; promptTokens: number; completionTokens: number }
  /** none: the model said no candidate fits (or named one that is not a candidate). */
  | { kind: 'fallback'; reason: 'none' | 'failed' | 'budget'; detail: string };

/**
 * Grounded answers from the account's knowledge bases (the answer action), and a model's choice of interaction for a
 * message the recognizer did not place (the classify action); the host streams what a model writes where it can.
 */
export interface KnowledgePort {
  answer(request: AnswerRequest): Promise<AnswerResult>;
  classify(request: ClassifyRequest): Promise<ClassifyResult>;
}
