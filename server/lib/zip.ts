import zlib from 'node:zlib';
import { HttpError } from './errors';

/**
 * The files of a ZIP archive (as Windows, macOS and phones make them: stored or deflated, not encrypted, not ZIP64),
 * by their name without folders (a name asked for with its folder finds it too), each read only when asked for and never larger than `maxBytes`. Folders, and the
 * `__MACOSX` copies macOS adds, are left out; a name met twice keeps its first file.
 */
export interface ZipFiles {
  names(): string[];
  has(name: string): boolean;
  read(name: string): Buffer;
}

const INVALID = 'ملف الصور ليس ملف ZIP صالحاً';
const EOCD = 0x06054b50;
const CENTRAL = 0x02014b50;
const LOCAL = 0x04034b50;

interface Entry {
  method: number;
  compressedSize: number;
  size: number;
  localOffset: number;
}

export function readZip(data: Buffer, maxBytes: number): ZipFiles {
  let eocd = -1;
  for (let i = data.length - 22; i >= Math.max(0, data.length - 22 - 65_535); i--)
    if (data.readUInt32LE(i) === EOCD) {
      eocd = i;
      break;
    }
  if (eocd < 0) throw new HttpError(400, INVALID);
  const count = data.readUInt16LE(eocd + 10);
  let at = data.readUInt32LE(eocd + 16);
  const entries = new Map<string, Entry>();
  for (let n = 0; n < count; n++) {
    if (at + 46 > data.length || data.readUInt32LE(at) !== CENTRAL) throw new HttpError(400, INVALID);
    const flags = data.readUInt16LE(at + 8);
    const entry: Entry = {
      method: data.readUInt16LE(at + 10),
      compressedSize: data.readUInt32LE(at + 20),
      size: data.readUInt32LE(at + 24),
      localOffset: data.readUInt32LE(at + 42),
    };
    const nameLength = data.readUInt16LE(at + 28);
    const raw = data.subarray(at + 46, at + 46 + nameLength);
    // Bit 11: the name is UTF-8 (Arabic names); older tools write their own code page.
    const path = raw.toString(flags & 0x800 ? 'utf8' : 'latin1');
    at += 46 + nameLength + data.readUInt16LE(at + 30) + data.readUInt16LE(at + 32);
    const name = path.split('/').pop()!.normalize('NFC');
    if (!name || path.startsWith('__MACOSX/') || name.startsWith('._') || flags & 0x1) continue;
    if (!entries.has(name)) entries.set(name, entry);
  }
  /** A name as a sheet gives it: with or without the folder it was in. */
  const find = (name: string) => entries.get(name.split(/[/\\]/).pop()!.normalize('NFC'));
  return {
    names: () => [...entries.keys()],
    has: (name) => find(name) !== undefined,
    read(name) {
      const entry = find(name);
      if (!entry) throw new HttpError(400, INVALID);
      if (entry.size > maxBytes) throw new HttpError(413, 'File too large');
      const local = entry.localOffset;
      if (local + 30 > data.length || data.readUInt32LE(local) !== LOCAL) throw new HttpError(400, INVALID);
      const start = local + 30 + data.readUInt16LE(local + 26) + data.readUInt16LE(local + 28);
      const packed = data.subarray(start, start + entry.compressedSize);
      if (entry.method === 0) return packed;
      if (entry.method !== 8) throw new HttpError(400, INVALID);
      try {
        return zlib.inflateRawSync(packed, { maxOutputLength: maxBytes });
      } catch (err) {
        if ((err as { code?: string }).code === 'ERR_BUFFER_TOO_LARGE') throw new HttpError(413, 'File too large');
        throw new HttpError(400, INVALID);
      }
    },
  };
}
