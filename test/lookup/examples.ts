// Example numbers shared by the lookup tests: one per libphonenumber type, from regions whose metadata has it.

/** One example number per line type, from regions whose metadata has that type (Google's example numbers). */
export const LINE_TYPE_EXAMPLES = [
  { number: '+447400123456', region: 'GB', numberType: 'MOBILE', lineType: 'mobile' },
  { number: '+441212345678', region: 'GB', numberType: 'FIXED_LINE', lineType: 'landline' },
  { number: '+448001234567', region: 'GB', numberType: 'TOLL_FREE', lineType: 'tollFree' },
  { number: '+449012345678', region: 'GB', numberType: 'PREMIUM_RATE', lineType: 'premium' },
  { number: '+33810123456', region: 'FR', numberType: 'SHARED_COST', lineType: 'sharedCost' },
  { number: '+445612345678', region: 'GB', numberType: 'VOIP', lineType: 'nonFixedVoip' },
  { number: '+447012345678', region: 'GB', numberType: 'PERSONAL_NUMBER', lineType: 'personal' },
  { number: '+447640123456', region: 'GB', numberType: 'PAGER', lineType: 'pager' },
  { number: '+445512345678', region: 'GB', numberType: 'UAN', lineType: 'uan' },
  { number: '+41860123456789', region: 'CH', numberType: 'VOICEMAIL', lineType: 'voicemail' },
  { number: '+12015550123', region: 'US', numberType: 'FIXED_LINE_OR_MOBILE', lineType: 'unknown' },
] as const;
