// SMSC delivery receipts: the receipted id and final state from the TLVs, else from the text of SMPP 3.4 Appendix B.
import { MESSAGE_STATE, TAG } from './constants.js';
import { tlvValue, type ShortMessageFields } from './pdu.js';

export interface Receipt {
  /** The message_id the SMSC gave in submit_sm_resp (some SMSCs write it in decimal here; see receiptIdForms). */
  id: string;
  /** DELIVRD, EXPIRED, DELETED, UNDELIV, ACCEPTD, UNKNOWN, REJECTD (or ENROUTE). */
  stat: string;
  err: string | null;
}

function field(text: string, name: string): string | null {
  const m = new RegExp(`(?:^|\\s)${name}:(\\S*)`, 'i').exec(text);
  return m === null ? null : m[1]!;
}

export function parseReceipt(sm: ShortMessageFields, text: string): Receipt | null {
  const idTlv = tlvValue(sm.tlvs, TAG.receipted_message_id);
  const stateTlv = tlvValue(sm.tlvs, TAG.message_state);
  const id = idTlv !== undefined ? idTlv.toString('latin1').replace(/\0.*$/s, '') : field(text, 'id');
  const stat = stateTlv !== undefined && stateTlv.length === 1 ? MESSAGE_STATE[stateTlv[0]!] ?? null : field(text, 'stat');
  if (id === null || id === '' || stat === null) return null;
  return { id, stat: stat.toUpperCase(), err: field(text, 'err') };
}

/** What a receipt means for the message: delivered, failed, or nothing yet (accepted, en route). */
export function receiptOutcome(receipt: Receipt): { status: 'delivered' } | { status: 'failed'; reason: string } | null {
  switch (receipt.stat) {
    case 'DELIVRD':
      return { status: 'delivered' };
    case 'ACCEPTD':
    case 'ENROUTE':
      return null;
    default:
      return { status: 'failed', reason: `the SMSC reported ${receipt.stat}${receipt.err !== null && !/^0+$/.test(receipt.err) ? ` (err ${receipt.err})` : ''}` };
  }
}

/**
 * The forms a receipted id may have been stored under: SMSCs commonly answer submit_sm with a hex
 * id and write the same id in decimal in the receipt text (or the other way round).
 */
export function receiptIdForms(id: string): string[] {
  const forms = [id];
  if (/^\d{1,15}$/.test(id)) {
    const hex = Number(id).toString(16);
    forms.push(hex, hex.toUpperCase());
  } else if (/^[0-9a-f]{1,12}$/i.test(id)) {
    forms.push(String(parseInt(id, 16)));
  }
  return [...new Set(forms)];
}
