// A provider's signed webhook POST as the fakes send it: the exact bytes the signature covers, with the provider's signature header, or one a test forges or leaves out.

/** What the server answered. */
export interface HookAnswer {
  status: number;
  text: string;
}

export interface PostOptions {
  /** The signature header to send: a string as is, null for none; default: the right one. */
  signature?: string | null;
  /** Sign with another secret (a forged or misconfigured request). */
  secret?: string;
}

export interface SignedPost {
  url: string;
  /** The body as the provider writes it: the signature covers these bytes. */
  body: string;
  /** Headers besides the signature (content type, headers the provider adds). */
  headers: Record<string, string>;
  /** The header the provider carries its signature in. */
  signatureHeader: string;
  /** The body's signature with a secret, as the provider computes it. */
  sign(secret: string): string;
  /** The webhook's own secret, used unless the options name another. */
  secret: string;
}

export async function postSigned(post: SignedPost, options: PostOptions = {}): Promise<HookAnswer> {
  const signature = options.signature === undefined ? post.sign(options.secret ?? post.secret) : options.signature;
  const headers = { ...post.headers, ...(signature === null ? {} : { [post.signatureHeader]: signature }) };
  const res = await fetch(post.url, { method: 'POST', headers, body: post.body });
  return { status: res.status, text: await res.text() };
}
