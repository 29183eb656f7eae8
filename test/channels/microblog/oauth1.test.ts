// OAuth 1.0a signing against the network's published example ("Creating a signature"), and the header's form.
import { describe, expect, it } from 'vitest';
import { authorizationHeader, oauthParameters, percentEncode, signatureBaseString } from '../../../src/channels/microblog/oauth1.js';

/** The example's credentials and request, as the documentation lists them. */
const credentials = {
  consumerKey: 'xvz1evFS4wEEPTGEFPHBog',
  consumerSecret: 'kAcSOqF21Fu85e7zjz7ZN2U4ZRhfV3WpwPAoE3Z7kBw',
  accessToken: '370773112-GmHxMAgYyLbNEtIKZeRNFsMKPR9EyMZeS9weJAEb',
  accessTokenSecret: 'LswwdoUaIvS8ltyTt5jkRh4J50vUPVVHtR2YPi5kE',
};
const nonce = 'kYjzVBB8Y0ZFabxSWbWovY3uYSQ2pTgmZeNu2VS4cg';
const timestamp = 1318622958;
const status = 'Hello Ladies + Gentlemen, a signed OAuth request!';

describe('OAuth 1.0a signing', () => {
  it('builds the documented signature base string and signature', () => {
    const url = new URL('https://api.twitter.com/1/statuses/update.json?include_entities=true');
    const input = { method: 'POST', url, form: [['status', status]] as const, credentials, nonce, timestamp };
    const oauth = oauthParameters(input);
    const { oauth_signature: signature, ...protocol } = oauth;
    expect(signatureBaseString('POST', url, [...Object.entries(protocol), ['status', status]])).toBe(
      'POST&https%3A%2F%2Fapi.twitter.com%2F1%2Fstatuses%2Fupdate.json&include_entities%3Dtrue%26oauth_consumer_key%3Dxvz1evFS4wEEPTGEFPHBog%26oauth_nonce%3DkYjzVBB8Y0ZFabxSWbWovY3uYSQ2pTgmZeNu2VS4cg%26oauth_signature_method%3DHMAC-SHA1%26oauth_timestamp%3D1318622958%26oauth_token%3D370773112-GmHxMAgYyLbNEtIKZeRNFsMKPR9EyMZeS9weJAEb%26oauth_version%3D1.0%26status%3DHello%2520Ladies%2520%252B%2520Gentlemen%252C%2520a%2520signed%2520OAuth%2520request%2521',
    );
    expect(signature).toBe('tnnArxj06cWHq44gCs1OSKk/jLY=');
    // The same request to the v1.1 path of the later edition of the page.
    expect(oauthParameters({ ...input, url: new URL('https://api.twitter.com/1.1/statuses/update.json?include_entities=true') }).oauth_signature).toBe('hCtSmYh+iHYCEqBWrE7C7hYmtUk=');
  });

  it('writes every parameter percent-encoded and quoted in the Authorization header', () => {
    const header = authorizationHeader({ method: 'POST', url: new URL('https://api.twitter.com/1/statuses/update.json?include_entities=true'), form: [['status', status]], credentials, nonce, timestamp });
    expect(header).toBe(
      'OAuth oauth_consumer_key="xvz1evFS4wEEPTGEFPHBog", oauth_nonce="kYjzVBB8Y0ZFabxSWbWovY3uYSQ2pTgmZeNu2VS4cg", oauth_signature_method="HMAC-SHA1", '
      + 'oauth_timestamp="1318622958", oauth_token="370773112-GmHxMAgYyLbNEtIKZeRNFsMKPR9EyMZeS9weJAEb", oauth_version="1.0", oauth_signature="tnnArxj06cWHq44gCs1OSKk%2FjLY%3D"',
    );
  });

  it('encodes as RFC 3986 says, beyond what encodeURIComponent does', () => {
    expect(percentEncode("Ladies + Gentlemen!*'()~")).toBe('Ladies%20%2B%20Gentlemen%21%2A%27%28%29~');
    expect(percentEncode('☃')).toBe('%E2%98%83');
  });

  it('signs a JSON body\'s request over the URL and oauth parameters only, and changes with every input', () => {
    const url = new URL('https://api.twitter.com/1.1/direct_messages/events/new.json');
    const base = { method: 'POST', url, credentials, nonce, timestamp };
    const signature = oauthParameters(base).oauth_signature;
    expect(oauthParameters({ ...base, nonce: `${nonce}x` }).oauth_signature).not.toBe(signature);
    expect(oauthParameters({ ...base, timestamp: timestamp + 1 }).oauth_signature).not.toBe(signature);
    expect(oauthParameters({ ...base, credentials: { ...credentials, accessTokenSecret: 'other' } }).oauth_signature).not.toBe(signature);
    expect(oauthParameters({ ...base, url: new URL('https://api.twitter.com/1.1/direct_messages/events/new.json?x=1') }).oauth_signature).not.toBe(signature);
  });
});
