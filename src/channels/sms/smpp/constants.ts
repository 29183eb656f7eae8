// SMPP 3.4 numbers: command ids, the command_status codes this client meets, optional parameter tags, esm_class bits.

export const COMMAND = {
  generic_nack: 0x80000000,
  bind_receiver: 0x00000001,
  bind_receiver_resp: 0x80000001,
  bind_transmitter: 0x00000002,
  bind_transmitter_resp: 0x80000002,
  submit_sm: 0x00000004,
  submit_sm_resp: 0x80000004,
  deliver_sm: 0x00000005,
  deliver_sm_resp: 0x80000005,
  unbind: 0x00000006,
  unbind_resp: 0x80000006,
  bind_transceiver: 0x00000009,
  bind_transceiver_resp: 0x80000009,
  enquire_link: 0x00000015,
  enquire_link_resp: 0x80000015,
  alert_notification: 0x00000102,
  data_sm: 0x00000103,
  data_sm_resp: 0x80000103,
} as const;

export type CommandName = keyof typeof COMMAND;

const NAMES = new Map<number, CommandName>(Object.entries(COMMAND).map(([name, id]) => [id, name as CommandName]));

export function commandName(id: number): CommandName | undefined {
  return NAMES.get(id);
}

export function isResponse(commandId: number): boolean {
  return (commandId & 0x80000000) !== 0;
}

export const STATUS = {
  ESME_ROK: 0x00,
  ESME_RINVMSGLEN: 0x01,
  ESME_RINVCMDLEN: 0x02,
  ESME_RINVCMDID: 0x03,
  ESME_RINVBNDSTS: 0x04,
  ESME_RALYBND: 0x05,
  ESME_RINVPRTFLG: 0x06,
  ESME_RINVREGDLVFLG: 0x07,
  ESME_RSYSERR: 0x08,
  ESME_RINVSRCADR: 0x0a,
  ESME_RINVDSTADR: 0x0b,
  ESME_RINVMSGID: 0x0c,
  ESME_RBINDFAIL: 0x0d,
  ESME_RINVPASWD: 0x0e,
  ESME_RINVSYSID: 0x0f,
  ESME_RMSGQFUL: 0x14,
  ESME_RINVSERTYP: 0x15,
  ESME_RINVESMCLASS: 0x43,
  ESME_RSUBMITFAIL: 0x45,
  ESME_RINVSRCTON: 0x48,
  ESME_RINVSRCNPI: 0x49,
  ESME_RINVDSTTON: 0x50,
  ESME_RINVDSTNPI: 0x51,
  ESME_RINVSYSTYP: 0x53,
  ESME_RTHROTTLED: 0x58,
  ESME_RINVSCHED: 0x61,
  ESME_RINVEXPIRY: 0x62,
  ESME_RX_T_APPN: 0x64,
  ESME_RX_P_APPN: 0x65,
  ESME_RX_R_APPN: 0x66,
  ESME_RINVOPTPARSTREAM: 0xc0,
  ESME_RINVPARLEN: 0xc2,
  ESME_RUNKNOWNERR: 0xff,
} as const;

const STATUS_NAMES = new Map<number, string>(Object.entries(STATUS).map(([name, code]) => [code, name]));

/** `ESME_RTHROTTLED (0x58)`, or the bare hex for codes this client has no name for (vendor-specific ones). */
export function statusText(code: number): string {
  const hex = `0x${code.toString(16).padStart(8, '0')}`;
  const name = STATUS_NAMES.get(code);
  return name === undefined ? hex : `${name} (${hex})`;
}

/** Optional parameter (TLV) tags this client reads or writes. */
export const TAG = {
  receipted_message_id: 0x001e,
  sc_interface_version: 0x0210,
  message_payload: 0x0424,
  message_state: 0x0427,
} as const;

/** esm_class: bits 2-5 give the message type; bit 6 says the short message starts with a user data header. */
export const ESM_CLASS = {
  typeMask: 0x3c,
  deliveryReceipt: 0x04,
  udhi: 0x40,
} as const;

/** registered_delivery: an SMSC delivery receipt on the final outcome, success or failure. */
export const REGISTERED_DELIVERY_FINAL = 0x01;

export const INTERFACE_VERSION = 0x34;

/** message_state values of a receipt's TLV (SMPP 3.4 §5.2.28). */
export const MESSAGE_STATE: Record<number, string> = {
  1: 'ENROUTE', 2: 'DELIVRD', 3: 'EXPIRED', 4: 'DELETED', 5: 'UNDELIV', 6: 'ACCEPTD', 7: 'UNKNOWN', 8: 'REJECTD',
};
