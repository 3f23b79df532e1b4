import { strToU8, zipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { readZip } from '../../server/lib/zip';

// The images ZIP an owner sends with a catalogue sheet (server/lib/zip.ts): names without folders, macOS's extra
// copies and folders left out, and no file unpacked beyond the upload limit, whatever its directory claims.
const LIMIT = 1_000_000;
const big = new Uint8Array(2 * LIMIT);

describe('the images ZIP of a catalogue sheet', () => {
  it('lists files by name without their folder, finds them with or without it, and leaves folders and __MACOSX out', () => {
    const zip = readZip(
      Buffer.from(
        zipSync({
          'صور/هاتف.webp': strToU8('photo'),
          '__MACOSX/صور/._هاتف.webp': strToU8('resource fork'),
          'فارغ/': new Uint8Array(0),
        }),
      ),
      LIMIT,
    );
    expect(zip.names()).toEqual(['هاتف.webp']);
    expect([zip.has('هاتف.webp'), zip.has('صور/هاتف.webp'), zip.has('غير.webp')]).toEqual([true, true, false]);
    expect(zip.read('صور/هاتف.webp').toString()).toBe('photo');
  });

  it('refuses a file over the limit with 413, and what is no ZIP with 400 in Arabic', () => {
    const zip = readZip(Buffer.from(zipSync({ 'big.bin': big })), LIMIT);
    expect(() => zip.read('big.bin')).toThrow(expect.objectContaining({ statusCode: 413 }));
    expect(() => readZip(Buffer.from('not a zip'), LIMIT)).toThrow(
      expect.objectContaining({ statusCode: 400, message: 'ملف الصور ليس ملف ZIP صالحاً' }),
    );
  });

  it('never unpacks more than its directory says, so a directory that lies cannot make it unpack 2 MB', () => {
    const lying = Buffer.from(zipSync({ 'x.bin': big }));
    const directory = lying.lastIndexOf(Buffer.from([0x50, 0x4b, 0x01, 0x02]));
    lying.writeUInt32LE(10, directory + 24);
    let read: number | undefined;
    try {
      read = readZip(lying, LIMIT).read('x.bin').length;
    } catch (err) {
      expect(err).toMatchObject({ statusCode: 400 });
    }
    expect(read ?? 0).toBeLessThanOrEqual(10);
  });
});
