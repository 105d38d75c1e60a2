// A minimal reader for the protocol buffers wire format, enough for aapt2's Resources.proto
// (the .aab manifest and resource table). No schema: a message is a run of fields, each
//   key    varint  (field number << 3) | wire type
//   value  wire type 0 varint, 1 fixed64 (8 bytes), 2 varint length + bytes, 5 fixed32 (4 bytes)
// Groups (wire types 3 and 4) are obsolete and never written by aapt2; they are rejected.
// Every length is checked against the message's own bounds, so a lying length raises
// AppInfoError('corrupt_file') instead of reading past the buffer.
import { AppInfoError } from '../../errors.ts';

export interface ProtoField {
  /** Field number from the schema. */
  field: number;
  /** 0 varint, 1 fixed64, 2 length-delimited, 5 fixed32. */
  wire: 0 | 1 | 2 | 5;
  /** Varint or fixed value as a JavaScript number (exact up to 2^53). */
  num: number;
  /** Low 32 bits of a varint or fixed value, unsigned: int32/uint32/enum fields read this. */
  lo: number;
  /** Payload of a length-delimited field (a sub-message, a string or bytes). */
  bytes: Buffer;
}

const EMPTY = Buffer.alloc(0);

function corrupt(what: string, detail: string): AppInfoError {
  return new AppInfoError('corrupt_file', `The protobuf ${what} is corrupt: ${detail}`);
}

/** Reads a varint at `pos`; answers its value (number, low 32 bits) and the next position. */
function readVarint(buf: Buffer, pos: number, what: string): { num: number; lo: number; next: number } {
  let num = 0;
  let lo = 0;
  let scale = 1;
  for (let i = 0; i < 10; i++) {
    if (pos + i >= buf.length) throw corrupt(what, `a varint at byte ${pos} runs past the end of its ${buf.length}-byte message`);
    const byte = buf[pos + i]!;
    num += (byte & 0x7f) * scale;
    if (i < 5) lo = (lo | ((byte & 0x7f) << (7 * i))) >>> 0;
    scale *= 128;
    if ((byte & 0x80) === 0) return { num, lo, next: pos + i + 1 };
  }
  throw corrupt(what, `a varint at byte ${pos} is longer than 10 bytes`);
}

/**
 * All fields of one message, in order. `what` names the message in error messages. The
 * field count is bounded by the buffer (every field takes at least two bytes).
 */
export function readFields(buf: Buffer, what: string): ProtoField[] {
  const fields: ProtoField[] = [];
  let pos = 0;
  while (pos < buf.length) {
    const key = readVarint(buf, pos, what);
    pos = key.next;
    const field = Math.floor(key.num / 8);
    const wire = key.num % 8;
    if (field === 0) throw corrupt(what, `field number 0 at byte ${pos}`);
    switch (wire) {
      case 0: {
        const value = readVarint(buf, pos, what);
        pos = value.next;
        fields.push({ field, wire: 0, num: value.num, lo: value.lo, bytes: EMPTY });
        break;
      }
      case 1: {
        if (pos + 8 > buf.length) throw corrupt(what, `a 64-bit field at byte ${pos} runs past the end of its ${buf.length}-byte message`);
        const lo = buf.readUInt32LE(pos);
        const num = lo + buf.readUInt32LE(pos + 4) * 2 ** 32;
        fields.push({ field, wire: 1, num, lo, bytes: EMPTY });
        pos += 8;
        break;
      }
      case 2: {
        const length = readVarint(buf, pos, what);
        pos = length.next;
        if (length.num > buf.length - pos) {
          throw corrupt(what, `field ${field} declares ${length.num} bytes at byte ${pos}, but only ${buf.length - pos} remain`);
        }
        fields.push({ field, wire: 2, num: length.num, lo: length.lo, bytes: buf.subarray(pos, pos + length.num) });
        pos += length.num;
        break;
      }
      case 5: {
        if (pos + 4 > buf.length) throw corrupt(what, `a 32-bit field at byte ${pos} runs past the end of its ${buf.length}-byte message`);
        const lo = buf.readUInt32LE(pos);
        fields.push({ field, wire: 5, num: lo, lo, bytes: EMPTY });
        pos += 4;
        break;
      }
      default:
        throw corrupt(what, `field ${field} has wire type ${wire}, which aapt2 never writes (expected 0, 1, 2 or 5)`);
    }
  }
  return fields;
}

/** The first field with this number, or undefined. */
export function first(fields: readonly ProtoField[], field: number): ProtoField | undefined {
  return fields.find((f) => f.field === field);
}

/** Every field with this number, in order (repeated fields). */
export function all(fields: readonly ProtoField[], field: number): ProtoField[] {
  return fields.filter((f) => f.field === field);
}

/** A string field (UTF-8), or '' when absent, as proto3 defaults. */
export function str(fields: readonly ProtoField[], field: number): string {
  const f = first(fields, field);
  return f && f.wire === 2 ? f.bytes.toString('utf8') : '';
}

/** A uint32/enum field, or 0 when absent. */
export function u32(fields: readonly ProtoField[], field: number): number {
  const f = first(fields, field);
  return f && f.wire !== 2 ? f.lo >>> 0 : 0;
}

/** An int32 field (negative values are sign-extended 10-byte varints), or 0 when absent. */
export function i32(fields: readonly ProtoField[], field: number): number {
  const f = first(fields, field);
  return f && f.wire !== 2 ? f.lo | 0 : 0;
}

/** A sub-message field's payload, or undefined when absent. */
export function msg(fields: readonly ProtoField[], field: number): Buffer | undefined {
  const f = first(fields, field);
  return f && f.wire === 2 ? f.bytes : undefined;
}

/** True when the field is present (proto3 oneof members are present even when empty). */
export function has(fields: readonly ProtoField[], field: number): boolean {
  return fields.some((f) => f.field === field);
}
