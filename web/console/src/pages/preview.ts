// How a broadcast's text arrives on a channel type: SMS segments (GSM-7 or UCS-2), messenger parts, or one message.

/** The GSM 03.38 basic set (and the extension characters counted as two): anything else sends the text as UCS-2. */
const GSM7 = /^[@£$¥èéùìòÇ\nØø\rÅåΔ_ΦΓΛΩΠΨΣΘΞÆæßÉ !"#¤%&'()*+,\-./0-9:;<=>?¡A-ZÄÖÑÜ§¿a-zäöñüà^{}\\[~\]|€]*$/;

/** What the channel does with a text of this length: SMS segments, messenger parts, or one message. */
export function howItGoes(type: string, text: string): string {
  if (type === 'dlc' || type === 'dsc') {
    const gsm = GSM7.test(text);
    const units = gsm ? [...text].reduce((n, c) => n + ('^{}\\[~]|€'.includes(c) ? 2 : 1), 0) : text.length;
    const [single, part] = gsm ? [160, 153] : [70, 67];
    const segments = units <= single ? 1 : Math.ceil(units / part);
    return `${segments} SMS segment${segments === 1 ? '' : 's'} (${gsm ? 'GSM-7' : 'UCS-2'}, ${units} characters).`;
  }
  if (type === 'fb') return text.length <= 2000 ? 'One messenger message.' : `${Math.ceil(text.length / 2000)} messenger messages (2,000 characters each).`;
  return 'One message.';
}
