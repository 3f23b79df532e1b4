import { unzipSync } from 'fflate';
import { HttpError } from './errors';

/**
 * The files of a ZIP archive (fflate; as Windows, macOS and phones make them), by their name without folders (a name
 * asked for with its folder finds it too), each unpacked only when asked for and never larger than `maxBytes`.
 * Folders, and the `__MACOSX` copies macOS adds, are left out; a name met twice keeps its first file.
 */
export interface ZipFiles {
  names(): string[];
  has(name: string): boolean;
  read(name: string): Buffer;
}

const INVALID = 'ملف الصور ليس ملف ZIP صالحاً';

/** A name as a sheet gives it: without the folder it was in. */
const shortName = (path: string) => path.split(/[/\\]/).pop()!.normalize('NFC');

/** Runs fflate over the archive; what it cannot read is the sheet's images file being no ZIP. */
function unzip(data: Buffer, keep: (file: { name: string; originalSize: number }) => boolean) {
  try {
    return unzipSync(data, { filter: keep });
  } catch {
    throw new HttpError(400, INVALID);
  }
}

export function readZip(data: Buffer, maxBytes: number): ZipFiles {
  // Only the directory is read here (the filter keeps nothing): each file is unpacked when asked for.
  const paths = new Map<string, string>();
  unzip(data, ({ name: path }) => {
    const name = shortName(path);
    if (name && !path.startsWith('__MACOSX/') && !name.startsWith('._') && !paths.has(name)) paths.set(name, path);
    return false;
  });
  const find = (name: string) => paths.get(shortName(name));
  return {
    names: () => [...paths.keys()],
    has: (name) => find(name) !== undefined,
    read(name) {
      const path = find(name);
      if (!path) throw new HttpError(400, INVALID);
      let tooLarge = false;
      // A file the directory says is larger is never unpacked; fflate unpacks into a buffer of the size it says.
      const files = unzip(data, (file) => {
        if (file.name !== path) return false;
        tooLarge = file.originalSize > maxBytes;
        return !tooLarge;
      });
      if (tooLarge) throw new HttpError(413, 'File too large');
      const file = files[path];
      if (!file) throw new HttpError(400, INVALID);
      return Buffer.from(file.buffer, file.byteOffset, file.byteLength);
    },
  };
}
