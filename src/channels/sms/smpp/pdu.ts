// SMPP 3.4 PDUs this client exchanges, as typed values, and their exact wire form (header: length, id, status, sequence).
import { COMMAND, commandName, INTERFACE_VERSION, STATUS, type CommandName } from './constants.js';
import { OctetReader, OctetWriter, PduError, type Tlv } from './octets.js';

export { PduError, type Tlv } from './octets.js';

export const HEADER_LENGTH = 16;
/** Larger PDUs are refused: the largest legal submit/deliver with a full message_payload stays far below. */
export const MAX_PDU_LENGTH = 70_000;

export interface BindFields {
  systemId: string;
  password: string;
  systemType: string;
  interfaceVersion: number;
  addrTon: number;
  addrNpi: number;
  addressRange: string;
}

export interface ShortMessageFields {
  serviceType: string;
  sourceAddrTon: number;
  sourceAddrNpi: number;
  sourceAddr: string;
  destAddrTon: number;
  destAddrNpi: number;
  destinationAddr: string;
  esmClass: number;
  protocolId: number;
  priorityFlag: number;
  scheduleDeliveryTime: string;
  validityPeriod: string;
  registeredDelivery: number;
  replaceIfPresentFlag: number;
  dataCoding: number;
  smDefaultMsgId: number;
  shortMessage: Buffer;
  tlvs: Tlv[];
}

interface Header {
  status: number;
  sequence: number;
}

interface Bodies {
  bind_transceiver: BindFields;
  bind_transmitter: BindFields;
  bind_receiver: BindFields;
  bind_transceiver_resp: BindRespFields;
  bind_transmitter_resp: BindRespFields;
  bind_receiver_resp: BindRespFields;
  submit_sm: ShortMessageFields;
  deliver_sm: ShortMessageFields;
  /** Read into the fields of a deliver_sm (its text in message_payload, the fields data_sm lacks at their defaults). */
  data_sm: ShortMessageFields;
  data_sm_resp: { messageId: string };
  /** The SMSC says a handset is reachable again (SMPP 3.4 §4.12); it takes no response. */
  alert_notification: { sourceAddr: string; esmeAddr: string; tlvs: Tlv[] };
  submit_sm_resp: { messageId: string };
  deliver_sm_resp: { messageId: string };
  enquire_link: null;
  enquire_link_resp: null;
  unbind: null;
  unbind_resp: null;
  generic_nack: null;
}

export interface BindRespFields {
  systemId: string;
  tlvs: Tlv[];
}

export type PduOf<C extends CommandName> = Header & { command: C; body: Bodies[C] };

export type Pdu = { [C in CommandName]: PduOf<C> }[CommandName];

export function shortMessageFields(fields: Partial<ShortMessageFields> & Pick<ShortMessageFields, 'sourceAddr' | 'destinationAddr' | 'shortMessage'>): ShortMessageFields {
  return {
    serviceType: '', sourceAddrTon: 0, sourceAddrNpi: 0, destAddrTon: 0, destAddrNpi: 0, esmClass: 0, protocolId: 0, priorityFlag: 0,
    scheduleDeliveryTime: '', validityPeriod: '', registeredDelivery: 0, replaceIfPresentFlag: 0, dataCoding: 0, smDefaultMsgId: 0, tlvs: [],
    ...fields,
  };
}

export function bindFields(fields: Pick<BindFields, 'systemId' | 'password'> & Partial<BindFields>): BindFields {
  return { systemType: '', interfaceVersion: INTERFACE_VERSION, addrTon: 0, addrNpi: 0, addressRange: '', ...fields };
}

function encodeBody(pdu: Pdu): Buffer {
  const w = new OctetWriter();
  switch (pdu.command) {
    case 'bind_transceiver':
    case 'bind_transmitter':
    case 'bind_receiver': {
      const b = pdu.body;
      return w.cstring(b.systemId, 16, 'system_id').cstring(b.password, 9, 'password').cstring(b.systemType, 13, 'system_type')
        .u8(b.interfaceVersion).u8(b.addrTon).u8(b.addrNpi).cstring(b.addressRange, 41, 'address_range').build();
    }
    case 'bind_transceiver_resp':
    case 'bind_transmitter_resp':
    case 'bind_receiver_resp':
      // An error response carries no body (SMPP 3.4 §4.1).
      if (pdu.status !== STATUS.ESME_ROK) return Buffer.alloc(0);
      return w.cstring(pdu.body.systemId, 16, 'system_id').tlvs(pdu.body.tlvs).build();
    case 'submit_sm':
    case 'deliver_sm': {
      const b = pdu.body;
      if (b.shortMessage.length > 254) throw new RangeError(`short_message takes at most 254 octets, got ${b.shortMessage.length}; use message_payload`);
      return w.cstring(b.serviceType, 6, 'service_type').u8(b.sourceAddrTon).u8(b.sourceAddrNpi).cstring(b.sourceAddr, 21, 'source_addr')
        .u8(b.destAddrTon).u8(b.destAddrNpi).cstring(b.destinationAddr, 21, 'destination_addr').u8(b.esmClass).u8(b.protocolId).u8(b.priorityFlag)
        .cstring(b.scheduleDeliveryTime, 17, 'schedule_delivery_time').cstring(b.validityPeriod, 17, 'validity_period').u8(b.registeredDelivery)
        .u8(b.replaceIfPresentFlag).u8(b.dataCoding).u8(b.smDefaultMsgId).u8(b.shortMessage.length).octets(b.shortMessage).tlvs(b.tlvs).build();
    }
    case 'submit_sm_resp':
      if (pdu.status !== STATUS.ESME_ROK) return Buffer.alloc(0);
      return w.cstring(pdu.body.messageId, 65, 'message_id').build();
    case 'deliver_sm_resp':
    case 'data_sm_resp':
      // message_id is unused and set to NULL, whatever the status (an ESME answering a data_sm keeps no id either).
      return w.cstring('', 1, 'message_id').build();
    default:
      return Buffer.alloc(0);
  }
}

export function encodePdu(pdu: Pdu): Buffer {
  const body = encodeBody(pdu);
  const header = Buffer.alloc(HEADER_LENGTH);
  header.writeUInt32BE(HEADER_LENGTH + body.length, 0);
  header.writeUInt32BE(COMMAND[pdu.command], 4);
  header.writeUInt32BE(pdu.status >>> 0, 8);
  header.writeUInt32BE(pdu.sequence >>> 0, 12);
  return Buffer.concat([header, body]);
}

/** A PDU that could not be read, with what is known of it, so a generic_nack can name its sequence. */
export class UndecodablePdu extends PduError {
  constructor(message: string, status: number, readonly commandId: number, readonly sequence: number) {
    super(message, status);
  }
}

function decodeBody(command: CommandName, r: OctetReader): Pdu['body'] {
  switch (command) {
    case 'bind_transceiver':
    case 'bind_transmitter':
    case 'bind_receiver':
      return {
        systemId: r.cstring('system_id'), password: r.cstring('password'), systemType: r.cstring('system_type'), interfaceVersion: r.u8('interface_version'),
        addrTon: r.u8('addr_ton'), addrNpi: r.u8('addr_npi'), addressRange: r.cstring('address_range'),
      };
    case 'bind_transceiver_resp':
    case 'bind_transmitter_resp':
    case 'bind_receiver_resp':
      if (r.remaining === 0) return { systemId: '', tlvs: [] };
      return { systemId: r.cstring('system_id'), tlvs: r.tlvs() };
    case 'submit_sm':
    case 'deliver_sm': {
      const serviceType = r.cstring('service_type');
      const sourceAddrTon = r.u8('source_addr_ton');
      const sourceAddrNpi = r.u8('source_addr_npi');
      const sourceAddr = r.cstring('source_addr');
      const destAddrTon = r.u8('dest_addr_ton');
      const destAddrNpi = r.u8('dest_addr_npi');
      const destinationAddr = r.cstring('destination_addr');
      const esmClass = r.u8('esm_class');
      const protocolId = r.u8('protocol_id');
      const priorityFlag = r.u8('priority_flag');
      const scheduleDeliveryTime = r.cstring('schedule_delivery_time');
      const validityPeriod = r.cstring('validity_period');
      const registeredDelivery = r.u8('registered_delivery');
      const replaceIfPresentFlag = r.u8('replace_if_present_flag');
      const dataCoding = r.u8('data_coding');
      const smDefaultMsgId = r.u8('sm_default_msg_id');
      const smLength = r.u8('sm_length');
      const shortMessage = r.octets(smLength, 'short_message');
      return {
        serviceType, sourceAddrTon, sourceAddrNpi, sourceAddr, destAddrTon, destAddrNpi, destinationAddr, esmClass, protocolId, priorityFlag,
        scheduleDeliveryTime, validityPeriod, registeredDelivery, replaceIfPresentFlag, dataCoding, smDefaultMsgId, shortMessage, tlvs: r.tlvs(),
      };
    }
    case 'data_sm': {
      // service_type, source and destination, esm_class, registered_delivery, data_coding, then TLVs (§4.7.1).
      const serviceType = r.cstring('service_type');
      const sourceAddrTon = r.u8('source_addr_ton');
      const sourceAddrNpi = r.u8('source_addr_npi');
      const sourceAddr = r.cstring('source_addr');
      const destAddrTon = r.u8('dest_addr_ton');
      const destAddrNpi = r.u8('dest_addr_npi');
      const destinationAddr = r.cstring('destination_addr');
      const esmClass = r.u8('esm_class');
      const registeredDelivery = r.u8('registered_delivery');
      const dataCoding = r.u8('data_coding');
      return shortMessageFields({
        serviceType, sourceAddrTon, sourceAddrNpi, sourceAddr, destAddrTon, destAddrNpi, destinationAddr, esmClass, registeredDelivery, dataCoding,
        shortMessage: Buffer.alloc(0), tlvs: r.tlvs(),
      });
    }
    case 'alert_notification': {
      r.u8('source_addr_ton');
      r.u8('source_addr_npi');
      const sourceAddr = r.cstring('source_addr');
      r.u8('esme_addr_ton');
      r.u8('esme_addr_npi');
      const esmeAddr = r.cstring('esme_addr');
      return { sourceAddr, esmeAddr, tlvs: r.tlvs() };
    }
    case 'submit_sm_resp':
    case 'deliver_sm_resp':
    case 'data_sm_resp':
      // Error responses may omit the body; some SMSCs send an empty deliver_sm_resp body too.
      if (r.remaining === 0) return { messageId: '' };
      return { messageId: r.cstring('message_id') };
    default:
      return null;
  }
}

/** Decodes one complete PDU (exactly `command_length` octets). */
export function decodePdu(buf: Buffer): Pdu {
  if (buf.length < HEADER_LENGTH) throw new UndecodablePdu(`a PDU needs at least ${HEADER_LENGTH} octets, got ${buf.length}`, STATUS.ESME_RINVCMDLEN, 0, 0);
  const length = buf.readUInt32BE(0);
  const commandId = buf.readUInt32BE(4);
  const status = buf.readUInt32BE(8);
  const sequence = buf.readUInt32BE(12);
  if (length !== buf.length) throw new UndecodablePdu(`command_length says ${length} but the PDU has ${buf.length} octets`, STATUS.ESME_RINVCMDLEN, commandId, sequence);
  const command = commandName(commandId);
  if (command === undefined) throw new UndecodablePdu(`command_id 0x${commandId.toString(16).padStart(8, '0')} is not one this client handles`, STATUS.ESME_RINVCMDID, commandId, sequence);
  const reader = new OctetReader(buf.subarray(HEADER_LENGTH), STATUS.ESME_RINVMSGLEN);
  try {
    const body = decodeBody(command, reader);
    if (reader.remaining > 0 && body === null) throw new PduError(`${command} carries no body, but ${reader.remaining} octets follow its header`, STATUS.ESME_RINVCMDLEN);
    return { command, status, sequence, body } as Pdu;
  } catch (err) {
    if (err instanceof PduError) throw new UndecodablePdu(`${command}: ${err.message}`, err.status, commandId, sequence);
    throw err;
  }
}

export function tlvValue(tlvs: readonly Tlv[], tag: number): Buffer | undefined {
  return tlvs.find((t) => t.tag === tag)?.value;
}
