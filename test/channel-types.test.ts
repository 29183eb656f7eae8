// The channel-type catalogue: one list of names, described once each, and families drawn from it.
import { describe, expect, it } from 'vitest';
import {
  CHANNEL_TYPE_NAMES, CHANNEL_TYPES, isPhoneType, isSmsType, PHONE_TYPES, SMS_TYPES,
} from '../src/channel-types.js';

describe('the channel-type catalogue', () => {
  it('describes every name once, in the same order', () => {
    expect(CHANNEL_TYPES.map((t) => t.name)).toEqual([...CHANNEL_TYPE_NAMES]);
  });

  it('draws the SMS and phone families from the catalogue', () => {
    expect([...SMS_TYPES].sort()).toEqual(['dlc', 'dsc']);
    expect([...PHONE_TYPES].sort()).toEqual(['dlc', 'dsc', 'rcs']);
    for (const type of PHONE_TYPES) expect(CHANNEL_TYPE_NAMES).toContain(type);
    expect(CHANNEL_TYPE_NAMES.filter(isSmsType)).toEqual(['dsc', 'dlc']);
    expect(CHANNEL_TYPE_NAMES.filter(isPhoneType)).toEqual(['dsc', 'dlc', 'rcs']);
  });
});
