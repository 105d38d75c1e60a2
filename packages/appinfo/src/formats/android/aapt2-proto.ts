// The subset of aapt2's protocol buffer formats (frameworks/base/tools/aapt2/Resources.proto
// and Configuration.proto) that an .aab's manifest and resource table need. Field numbers:
//
//   XmlNode        1 element: XmlElement   2 text: string
//   XmlElement     1 namespace_declaration   2 namespace_uri   3 name   4 attribute: XmlAttribute
//                  5 child: XmlNode
//   XmlAttribute   1 namespace_uri   2 name   3 value (the source text)   4 source
//                  5 resource_id   6 compiled_item: Item
//   Item           1 ref: Reference   2 str: String   3 raw_str: RawString
//                  4 styled_str: StyledString   5 file: FileReference   6 id   7 prim: Primitive
//   Reference      1 type (0 reference, 1 attribute)   2 id   3 name
//   String, RawString, StyledString: 1 value        FileReference: 1 path   2 type
//   Primitive      1 null   2 empty   3 float (fixed32)   6 int_decimal   7 int_hexadecimal
//                  8 boolean   9–12 colours   13 dimension   14 fraction
//
//   ResourceTable  1 source_pool   2 package: Package
//   Package        1 package_id: {1 id}   2 package_name   3 type: Type
//   Type           1 type_id: {1 id}   2 name   3 entry: Entry
//   Entry          1 entry_id: {1 id}   2 name   3 visibility   6 config_value: ConfigValue
//   ConfigValue    1 config: Configuration   2 value: Value
//   Value          1 source   2 comment   3 weak   4 item: Item   5 compound_value
//   Configuration  3 locale (BCP 47)   18 density   24 sdk_version; every other field is a
//                  qualifier the readers do not need (mcc, orientation, night mode …)
import { AppInfoError } from '../../errors.ts';
import { MAX_XML_DEPTH, MAX_XML_ELEMENTS } from './axml.ts';
import type { ResConfig, ResEntryValue, ResourceTable, ResValue, XmlAttribute, XmlElement } from './model.ts';
import type { ProtoField } from './protobuf.ts';
import { all, has, i32, msg, readFields, str, u32 } from './protobuf.ts';

/** An Item (a compiled value) as a ResValue. */
function item(buf: Buffer, what: string): ResValue {
  const fields = readFields(buf, what);
  const ref = msg(fields, 1);
  if (ref) {
    const r = readFields(ref, what);
    const id = u32(r, 2);
    return u32(r, 1) === 1 ? { kind: 'attribute', id } : id === 0 ? { kind: 'other', type: 0, data: 0 } : { kind: 'reference', id };
  }
  for (const field of [2, 3, 4]) {
    const s = msg(fields, field);
    if (s) return { kind: 'string', value: str(readFields(s, what), 1) };
  }
  const file = msg(fields, 5);
  if (file) return { kind: 'file', path: str(readFields(file, what), 1) };
  const prim = msg(fields, 7);
  if (prim) return primitive(readFields(prim, what));
  return { kind: 'other', type: 0, data: 0 };
}

function primitive(fields: ProtoField[]): ResValue {
  const f = fields[0];
  if (!f) return { kind: 'other', type: 0, data: 0 };
  switch (f.field) {
    case 3: {
      const b = Buffer.alloc(4);
      b.writeUInt32LE(f.lo >>> 0);
      return { kind: 'float', value: b.readFloatLE(0) };
    }
    case 6:
      return { kind: 'int', value: i32(fields, 6) };
    case 7:
      return { kind: 'int', value: u32(fields, 7) | 0 };
    case 8:
      return { kind: 'bool', value: f.num !== 0 };
    case 13:
      return { kind: 'other', type: 0x05, data: f.lo >>> 0 };
    case 14:
      return { kind: 'other', type: 0x06, data: f.lo >>> 0 };
    case 9:
    case 10:
    case 11:
    case 12:
      return { kind: 'other', type: 0x1c + (f.field - 9), data: f.lo >>> 0 };
    default:
      return { kind: 'other', type: 0, data: 0 };
  }
}

/** Parses a protobuf XmlNode (an .aab's manifest or drawable) into its root element. */
export function parseProtoXml(buf: Buffer, file: string): XmlElement {
  const what = `XML document ${file}`;
  let count = 0;
  const element = (bytes: Buffer, depth: number): XmlElement => {
    if (depth > MAX_XML_DEPTH) throw new AppInfoError('limit_exceeded', `${file} nests elements more than ${MAX_XML_DEPTH} deep; refusing to read it`);
    if (++count > MAX_XML_ELEMENTS) throw new AppInfoError('limit_exceeded', `${file} holds more than ${MAX_XML_ELEMENTS} elements; refusing to read it`);
    const fields = readFields(bytes, what);
    const attributes: XmlAttribute[] = all(fields, 4).map((a) => {
      const af = readFields(a.bytes, what);
      const compiled = msg(af, 6);
      const resourceId = u32(af, 5);
      return {
        namespace: str(af, 1) || null,
        name: str(af, 2),
        resourceId: resourceId || null,
        value: compiled ? item(compiled, what) : { kind: 'string', value: str(af, 3) },
      };
    });
    const children: XmlElement[] = [];
    for (const child of all(fields, 5)) {
      const sub = msg(readFields(child.bytes, what), 1);
      if (sub) children.push(element(sub, depth + 1));
    }
    return { namespace: str(fields, 2) || null, name: str(fields, 3), attributes, children };
  };
  let root: Buffer | undefined;
  try {
    root = msg(readFields(buf, what), 1);
  } catch (error) {
    if (error instanceof AppInfoError) throw new AppInfoError('bad_xml', `${file} is not a protobuf XML document (aapt2's XmlNode): ${error.message}`);
    throw error;
  }
  if (!root) throw new AppInfoError('bad_xml', `${file} is not a protobuf XML document: it has no root element (field 1)`);
  try {
    return element(root, 1);
  } catch (error) {
    if (error instanceof AppInfoError && error.code === 'corrupt_file') throw new AppInfoError('bad_xml', error.message);
    throw error;
  }
}

function config(buf: Buffer | undefined, what: string): ResConfig {
  if (!buf) return { locale: null, density: 0, sdkVersion: 0, otherQualifiers: false };
  const fields = readFields(buf, what);
  const known = new Set([3, 18, 24]);
  return {
    locale: str(fields, 3) || null,
    density: u32(fields, 18),
    sdkVersion: u32(fields, 24),
    otherQualifiers: fields.some((f) => !known.has(f.field) && (f.wire === 2 ? f.bytes.length > 0 : f.num !== 0)),
  };
}

interface PbEntry {
  type: string;
  name: string;
  /** The Entry message, decoded when its values are asked for. */
  bytes: Buffer;
}

/** base/resources.pb: entries are indexed by id; their values are decoded on demand. */
export class ProtoTable implements ResourceTable {
  readonly #entries = new Map<number, PbEntry>();
  readonly #what: string;

  constructor(buf: Buffer, file = 'base/resources.pb') {
    const what = `resource table ${file}`;
    this.#what = what;
    for (const pkgField of all(readFields(buf, what), 2)) {
      const pkg = readFields(pkgField.bytes, what);
      const pkgIdMsg = msg(pkg, 1);
      const pkgId = pkgIdMsg ? u32(readFields(pkgIdMsg, what), 1) : 0;
      for (const typeField of all(pkg, 3)) {
        const type = readFields(typeField.bytes, what);
        const typeIdMsg = msg(type, 1);
        const typeId = typeIdMsg ? u32(readFields(typeIdMsg, what), 1) : 0;
        const typeName = str(type, 2);
        for (const entryField of all(type, 3)) {
          const entry = readFields(entryField.bytes, what);
          const entryIdMsg = msg(entry, 1);
          const entryId = entryIdMsg ? u32(readFields(entryIdMsg, what), 1) : 0;
          const id = ((pkgId & 0xff) << 24 | (typeId & 0xff) << 16 | (entryId & 0xffff)) >>> 0;
          if (!this.#entries.has(id)) this.#entries.set(id, { type: typeName, name: str(entry, 2), bytes: entryField.bytes });
        }
      }
    }
  }

  values(id: number): ResEntryValue[] {
    const entry = this.#entries.get(id >>> 0);
    if (!entry) return [];
    const what = this.#what;
    const out: ResEntryValue[] = [];
    for (const cv of all(readFields(entry.bytes, what), 6)) {
      const fields = readFields(cv.bytes, what);
      const valueMsg = msg(fields, 2);
      if (!valueMsg) continue;
      const value = readFields(valueMsg, what);
      const itemMsg = msg(value, 4);
      out.push({ config: config(msg(fields, 1), what), value: itemMsg ? item(itemMsg, what) : has(value, 5) ? { kind: 'compound' } : { kind: 'other', type: 0, data: 0 } });
    }
    return out;
  }

  name(id: number): string | null {
    const entry = this.#entries.get(id >>> 0);
    return entry ? `${entry.type}/${entry.name}` : null;
  }

  idsNamed(name: string, types: readonly string[]): number[] {
    const ids: number[] = [];
    for (const [id, entry] of this.#entries) if (entry.name === name && types.includes(entry.type)) ids.push(id);
    return ids;
  }
}

