// A failure's reason as analytics count it: the first 200 characters, as the upgrade's count of earlier failures cut it.
export function failureKey(reason: string | null): string {
  return reason === null ? '' : Array.from(reason).slice(0, 200).join('');
}
