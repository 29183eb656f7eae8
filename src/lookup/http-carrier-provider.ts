// A live line-type/carrier source reached over HTTP with a small JSON contract; what it does not know, the offline data answers.
import { Type } from 'typebox';
import { Value } from 'typebox/value';
import { BadGatewayError } from '../errors.js';
import type { CarrierAnswer, CarrierLookupProvider, CarrierQuery } from './carrier-provider.js';
import { LINE_TYPES } from './line-types.js';
import { callUpstream } from './upstream-http.js';

/**
 * The contract (docs/lookups.md): `GET <url>?phoneNumber=<E.164>&countryCode=<region>&lineType=<ours>`
 * answered by 200 and a JSON object whose fields are all optional, or 404 when the source knows
 * nothing about the number. Extra fields are ignored so a source can say more than Parley reads.
 */
const ProviderAnswer = Type.Object({
  lineType: Type.Optional(Type.Union(LINE_TYPES.map((t) => Type.Literal(t)))),
  carrierName: Type.Optional(Type.Union([Type.String({ minLength: 1, maxLength: 200 }), Type.Null()])),
  mobileCountryCode: Type.Optional(Type.Union([Type.String({ pattern: '^[0-9]{3}$' }), Type.Null()])),
});

export interface HttpCarrierProviderOptions {
  url: string;
  /** Sent as `Authorization: Bearer <token>` when set. */
  token: string | null;
  timeoutMs: number;
  /** Answers whatever the live source leaves out. */
  fallback: CarrierLookupProvider;
}

export class HttpCarrierProvider implements CarrierLookupProvider {
  readonly name = 'the carrier lookup provider';

  constructor(private readonly options: HttpCarrierProviderOptions) {}

  async lookup(query: CarrierQuery): Promise<CarrierAnswer> {
    const url = new URL(this.options.url);
    url.searchParams.set('phoneNumber', query.phoneNumber);
    url.searchParams.set('countryCode', query.countryCode);
    url.searchParams.set('lineType', query.lineType);
    const headers: Record<string, string> = this.options.token ? { authorization: `Bearer ${this.options.token}` } : {};
    const [res, offline] = await Promise.all([
      callUpstream(this.name, url, { method: 'GET', headers, timeoutMs: this.options.timeoutMs }),
      this.options.fallback.lookup(query),
    ]);
    if (res.status === 404) return offline;
    if (res.status !== 200) throw new BadGatewayError(`${this.name} answered ${res.status}.`);
    if (!Value.Check(ProviderAnswer, res.json)) {
      const first = Value.Errors(ProviderAnswer, res.json)[0];
      const where = first && first.instancePath !== '' ? ` (${first.instancePath.slice(1)} ${first.message})` : '';
      throw new BadGatewayError(`${this.name} answered with a body that is not a carrier answer${where}.`);
    }
    const live = res.json;
    return {
      lineType: live.lineType ?? offline.lineType,
      carrierName: live.carrierName === undefined ? offline.carrierName : live.carrierName,
      mobileCountryCode: live.mobileCountryCode === undefined ? offline.mobileCountryCode : live.mobileCountryCode,
    };
  }
}
