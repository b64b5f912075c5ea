import { createDeflateRaw, deflateRawSync } from 'node:zlib';

/**
 * Hostile and legitimate .xlsx files, written part by part so that even a sheet which unpacks to a
 * gigabyte is built in a few megabytes of memory.
 */

interface ZipPart {
  name: string;
  /** The deflated bytes. */
  packed: Buffer;
  /** The unpacked size the archive declares (a bomb may declare less than it holds). */
  size: number;
}

const MiB = 1024 * 1024;

/** A zip archive of deflated parts; CRCs are left 0, as the readers under test do not check them. */
const zip = (parts: ZipPart[]): Buffer => {
  const locals: Buffer[] = [];
  const central: Buffer[] = [];
  let offset = 0;
  for (const part of parts) {
    const name = Buffer.from(part.name);
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(8, 8);
    local.writeUInt32LE(part.packed.length, 18);
    local.writeUInt32LE(part.size, 22);
    local.writeUInt16LE(name.length, 26);
    const entry = Buffer.alloc(46);
    entry.writeUInt32LE(0x02014b50, 0);
    entry.writeUInt16LE(20, 4);
    entry.writeUInt16LE(20, 6);
    entry.writeUInt16LE(8, 10);
    entry.writeUInt32LE(part.packed.length, 20);
    entry.writeUInt32LE(part.size, 24);
    entry.writeUInt16LE(name.length, 28);
    entry.writeUInt32LE(offset, 42);
    locals.push(local, name, part.packed);
    central.push(entry, name);
    offset += local.length + name.length + part.packed.length;
  }
  const directory = Buffer.concat(central);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(parts.length, 8);
  end.writeUInt16LE(parts.length, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, directory, end]);
};

const small = (name: string, text: string): ZipPart => ({ name, packed: deflateRawSync(text), size: Buffer.byteLength(text) });

/** Deflates what `write` produces, chunk by chunk; answers the packed bytes and the unpacked size. */
const deflateStream = async (write: (push: (chunk: string | Buffer) => Promise<void>) => Promise<void>) => {
  const deflate = createDeflateRaw({ level: 9 });
  const packed: Buffer[] = [];
  deflate.on('data', (chunk: Buffer) => packed.push(chunk));
  const done = new Promise((resolve, reject) => deflate.once('end', resolve).once('error', reject));
  let size = 0;
  await write(async (chunk) => {
    size += Buffer.byteLength(chunk);
    if (!deflate.write(chunk)) await new Promise((resolve) => deflate.once('drain', resolve));
  });
  deflate.end();
  await done;
  return { packed: Buffer.concat(packed), size };
};

const SHEET_HEAD = '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n<worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main">';

/** An .xlsx of one sheet named Vehicles whose sheet part is `sheet`. */
const workbook = (sheet: ZipPart): Buffer =>
  zip([
    small(
      '[Content_Types].xml',
      '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">' +
        '<Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/>' +
        '<Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/>' +
        '<Override PartName="/xl/worksheets/sheet1.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/></Types>',
    ),
    small(
      '_rels/.rels',
      '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">' +
        '<Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="xl/workbook.xml"/></Relationships>',
    ),
    small(
      'xl/workbook.xml',
      '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n<workbook xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships">' +
        '<sheets><sheet name="Vehicles" sheetId="1" r:id="rId1"/></sheets></workbook>',
    ),
    small(
      'xl/_rels/workbook.xml.rels',
      '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">' +
        '<Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/worksheet" Target="worksheets/sheet1.xml"/></Relationships>',
    ),
    sheet,
  ]);

const inline = (ref: string, text: string | number) =>
  typeof text === 'number' ? `<c r="${ref}"><v>${text}</v></c>` : `<c r="${ref}" t="inlineStr"><is><t>${text}</t></is></c>`;

/**
 * A zip bomb: one cell of `unpackedMiB` mebibytes of "A" (about a thousandth of that packed). With
 * `declared: 'less'` the archive claims the sheet is 1 KiB, as a bomb built to slip past a size check would.
 */
export const zipBombSheet = async (unpackedMiB: number, declared: 'honest' | 'less' = 'honest'): Promise<Buffer> => {
  const filler = Buffer.alloc(MiB, 'A');
  const { packed, size } = await deflateStream(async (push) => {
    await push(`${SHEET_HEAD}<sheetData><row r="1"><c r="A1" t="inlineStr"><is><t>`);
    for (let i = 0; i < unpackedMiB; i++) await push(filler);
    await push('</t></is></c></row></sheetData></worksheet>');
  });
  return workbook({ name: 'xl/worksheets/sheet1.xml', packed, size: declared === 'honest' ? size : 1024 });
};

/** A sheet of a header and one vehicle whose dimension declares every cell Excel can hold (A1:XFD1048576). */
export const declaredHugeSheet = (): Buffer => {
  const header = ['Name', 'S/N', 'Fleet', 'Sub-fleet', 'Depot', 'Kind'];
  const row = ['Declared', 'DECLARED-1', 'fleet-4', '', '', 'van'];
  const cells = (values: string[], r: number) => values.map((v, c) => (v ? inline(`${String.fromCharCode(65 + c)}${r}`, v) : '')).join('');
  return workbook(
    small(
      'xl/worksheets/sheet1.xml',
      `${SHEET_HEAD}<dimension ref="A1:XFD1048576"/><sheetData><row r="1">${cells(header, 1)}</row><row r="2">${cells(row, 2)}</row></sheetData></worksheet>`,
    ),
  );
};

const column = (c: number): string => (c < 26 ? String.fromCharCode(65 + c) : column(Math.floor(c / 26) - 1) + String.fromCharCode(65 + (c % 26)));

/** A sheet of `rows` rows of `columns` numbers (400,000 rows of one pack to under 3 MB). */
export const numberSheet = async (rows: number, columns = 1): Promise<Buffer> => {
  const { packed, size } = await deflateStream(async (push) => {
    await push(`${SHEET_HEAD}<sheetData>`);
    const perChunk = Math.max(1, Math.floor(10_000 / columns));
    for (let from = 1; from <= rows; from += perChunk) {
      let chunk = '';
      for (let r = from; r < Math.min(rows + 1, from + perChunk); r++) {
        chunk += `<row r="${r}">`;
        for (let c = 0; c < columns; c++) chunk += inline(`${column(c)}${r}`, r + c);
        chunk += '</row>';
      }
      await push(chunk);
    }
    await push('</sheetData></worksheet>');
  });
  return workbook({ name: 'xl/worksheets/sheet1.xml', packed, size });
};
