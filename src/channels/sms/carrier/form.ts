// application/x-www-form-urlencoded bodies as ordered name/value pairs (a name may repeat, as MediaUrl does), and lookups into them.
import type { FormParams } from './signature.js';

export function parseForm(body: Buffer): Array<[string, string]> {
  return [...new URLSearchParams(body.toString('utf8'))];
}

export function formValue(params: FormParams, name: string): string | null {
  const hit = params.find(([k]) => k === name);
  return hit === undefined ? null : hit[1];
}
