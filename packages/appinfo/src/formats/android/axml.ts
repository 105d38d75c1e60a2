// Android binary XML (AXML), the compiled form aapt writes for AndroidManifest.xml, layouts
// and drawables inside an .apk. A file is one RES_XML_TYPE chunk holding, in order:
//   ResChunk_header      +0 u16 type 0x0003, +2 u16 header size (8), +4 u32 file size
//   string pool          0x0001 (chunks.ts)
//   resource map         0x0180: u32 resource ids, one per string index (attribute names)
//   namespace start/end  0x0100 / 0x0101
//   element start        0x0102
//   element end          0x0103
//   CDATA                0x0104 (ignored: the parsers read attributes only)
// Every tree node chunk starts with ResXMLTree_node: +8 u32 line number, +12 u32 comment.
import { AppInfoError } from '../../errors.ts';
import type { Failer } from './chunks.ts';
import { chunkAt, fail, RES_STRING_POOL_TYPE, RES_XML_TYPE, resValue, StringPool, truncated } from './chunks.ts';
import type { XmlAttribute, XmlElement } from './model.ts';

const RES_XML_START_NAMESPACE_TYPE = 0x0100;
const RES_XML_END_NAMESPACE_TYPE = 0x0101;
const RES_XML_START_ELEMENT_TYPE = 0x0102;
const RES_XML_END_ELEMENT_TYPE = 0x0103;
const RES_XML_RESOURCE_MAP_TYPE = 0x0180;

/** Deeper than any real manifest or drawable; a hostile file cannot recurse us further. */
export const MAX_XML_DEPTH = 64;
/** More elements than the largest real manifests hold (a few thousand). */
export const MAX_XML_ELEMENTS = 100_000;

/** True when the bytes start like AXML: chunk type 0x0003 with an 8-byte header. */
export function isAxml(buf: Buffer): boolean {
  return buf.length >= 8 && buf.readUInt16LE(0) === RES_XML_TYPE && buf.readUInt16LE(2) === 8;
}

/** True when the bytes look like plain text XML (an unbuilt manifest). */
export function looksLikeTextXml(buf: Buffer): boolean {
  const head = buf.subarray(0, 256).toString('utf8').replace(/^\uFEFF/, '').trimStart();
  return head.startsWith('<');
}

/** Parses binary XML into its root element. `file` names the entry in error messages. */
export function parseAxml(buf: Buffer, file: string): XmlElement {
  const f: Failer = { file, code: 'bad_xml' };
  if (!isAxml(buf)) {
    if (looksLikeTextXml(buf)) {
      throw new AppInfoError(
        'bad_xml',
        `${file} is plain text XML, not Android's compiled binary XML: this is a source tree or an unbuilt package, not an APK built by aapt/aapt2 (build it with Gradle or aapt, then upload the result)`,
      );
    }
    const head = [...buf.subarray(0, 4)].map((b) => b.toString(16).padStart(2, '0')).join(' ');
    throw new AppInfoError('bad_xml', `${file} is not Android binary XML: it starts with bytes ${head || '(none)'}, expected 03 00 08 00`);
  }
  const declared = buf.readUInt32LE(4);
  if (declared > buf.length) throw truncated(f, `the header declares ${declared} bytes, but the file holds ${buf.length}`);
  if (declared < 8) throw fail(f, `the header declares a size of ${declared} bytes`);
  const end = declared;

  let pool: StringPool | null = null;
  let resourceMap: Uint32Array = new Uint32Array(0);
  const stack: XmlElement[] = [];
  let root: XmlElement | null = null;
  let elements = 0;

  let pos = 8;
  while (pos < end) {
    const chunk = chunkAt(buf, pos, end, f, 'a chunk');
    const body = pos + chunk.headerSize;
    switch (chunk.type) {
      case RES_STRING_POOL_TYPE:
        if (!pool) pool = new StringPool(buf, pos, chunk.headerSize, chunk.size, f);
        break;
      case RES_XML_RESOURCE_MAP_TYPE: {
        const count = Math.floor((chunk.size - chunk.headerSize) / 4);
        resourceMap = new Uint32Array(count);
        for (let i = 0; i < count; i++) resourceMap[i] = buf.readUInt32LE(body + i * 4);
        break;
      }
      case RES_XML_START_NAMESPACE_TYPE:
      case RES_XML_END_NAMESPACE_TYPE:
        // Namespace URIs are read from each element and attribute; nothing to keep.
        break;
      case RES_XML_START_ELEMENT_TYPE: {
        if (!pool) throw fail(f, `an element at byte ${pos} comes before the string pool`);
        if (++elements > MAX_XML_ELEMENTS) {
          throw new AppInfoError('limit_exceeded', `${file} holds more than ${MAX_XML_ELEMENTS} elements; refusing to read it`);
        }
        if (stack.length >= MAX_XML_DEPTH) {
          throw new AppInfoError('limit_exceeded', `${file} nests elements more than ${MAX_XML_DEPTH} deep; refusing to read it`);
        }
        const element = readElement(buf, pos, chunk.headerSize, chunk.size, pool, resourceMap, f);
        const parent = stack.at(-1);
        if (parent) parent.children.push(element);
        else if (!root) root = element;
        else throw fail(f, `a second root element <${element.name}> at byte ${pos}`);
        stack.push(element);
        break;
      }
      case RES_XML_END_ELEMENT_TYPE:
        if (stack.length === 0) throw fail(f, `an element end at byte ${pos} closes no open element`);
        stack.pop();
        break;
      default:
        // CDATA and unknown chunks: skipped by their declared (checked) size.
        break;
    }
    pos += chunk.size;
  }
  if (!root) throw fail(f, 'it holds no element');
  if (stack.length > 0) throw truncated(f, `it ends inside <${stack.at(-1)!.name}>`);
  return root;
}

/**
 * An element start chunk. After the 16-byte node header comes ResXMLTree_attrExt:
 *   +0 u32 namespace   +4 u32 name   +8 u16 attributeStart (from the extension)
 *   +10 u16 attributeSize (20)   +12 u16 attributeCount   +14 u16 idIndex, classIndex, styleIndex
 * and then each ResXMLTree_attribute (attributeSize bytes):
 *   +0 u32 namespace   +4 u32 name   +8 u32 raw string value   +12 Res_value (u16 size, u8 0, u8 type, u32 data)
 */
function readElement(
  buf: Buffer,
  start: number,
  headerSize: number,
  size: number,
  pool: StringPool,
  resourceMap: Uint32Array,
  f: Failer,
): XmlElement {
  const ext = start + headerSize;
  const chunkEnd = start + size;
  if (headerSize < 16 || ext + 20 > chunkEnd) throw fail(f, `the element at byte ${start} is too short (${size} bytes) for its header`);
  const namespace = pool.optional(buf.readUInt32LE(ext));
  const name = pool.get(buf.readUInt32LE(ext + 4));
  const attributeStart = buf.readUInt16LE(ext + 8);
  const attributeSize = buf.readUInt16LE(ext + 10);
  const attributeCount = buf.readUInt16LE(ext + 12);
  if (attributeCount > 0 && (attributeSize < 20 || ext + attributeStart + attributeCount * attributeSize > chunkEnd)) {
    throw fail(f, `<${name}> at byte ${start} declares ${attributeCount} attributes of ${attributeSize} bytes, which do not fit in its ${size} bytes`);
  }
  const attributes: XmlAttribute[] = [];
  for (let i = 0; i < attributeCount; i++) {
    const at = ext + attributeStart + i * attributeSize;
    const nameIndex = buf.readUInt32LE(at + 4);
    const raw = pool.optional(buf.readUInt32LE(at + 8));
    const dataType = buf[at + 15]!;
    const data = buf.readUInt32LE(at + 16);
    const resourceId = nameIndex < resourceMap.length ? resourceMap[nameIndex]! : null;
    attributes.push({
      namespace: pool.optional(buf.readUInt32LE(at)),
      // Obfuscated apps may blank attribute names; the resource id still identifies them.
      name: pool.get(nameIndex),
      resourceId: resourceId === 0 ? null : resourceId,
      value: resValue(dataType, data, pool, dataType === 0x03 ? raw : null),
    });
  }
  return { namespace, name, attributes, children: [] };
}
