import { open } from 'node:fs/promises';

/**
 * CSV reading for imports. One record per line: a quoted field may hold the separator and doubled quotes but not a
 * line break. That keeps every problem on its own line (a stray quote spoils one line, not the rest of the file)
 * and gives exact line numbers, which a general CSV parser cannot promise once its quoting goes wrong.
 */
export type Line = { no: number; text: string; overlong: boolean };

/**
 * Splits a byte stream into lines (LF or CRLF), decoded as UTF-8 (invalid bytes become U+FFFD). A line longer than
 * `maxBytes` is cut there and flagged, so one huge line cannot grow memory. Yields batches of lines per chunk.
 */
export async function* lineBatches(input: AsyncIterable<Buffer>, maxBytes: number): AsyncGenerator<Line[]> {
  let carry: Buffer | null = null;
  let carryOverlong = false;
  let no = 0;
  const finish = (buf: Buffer, overlong: boolean): Line => {
    let end = buf.length;
    if (end > 0 && buf[end - 1] === 13) end--;
    let text = buf.toString('utf8', 0, end);
    no++;
    if (no === 1 && text.charCodeAt(0) === 0xfeff) text = text.slice(1);
    return { no, text, overlong };
  };
  for await (const chunk of input) {
    const out: Line[] = [];
    let start = 0;
    for (;;) {
      const nl = chunk.indexOf(10, start);
      if (nl === -1) break;
      let piece = chunk.subarray(start, nl);
      if (carry) {
        piece = carryOverlong ? carry : Buffer.concat([carry, piece]);
        carry = null;
      }
      const over = carryOverlong || piece.length > maxBytes;
      out.push(finish(over ? piece.subarray(0, maxBytes) : piece, over));
      carryOverlong = false;
      start = nl + 1;
    }
    if (start < chunk.length) {
      const rest = chunk.subarray(start);
      if (carryOverlong) {
        // still inside an overlong line: drop the rest of it
      } else {
        carry = carry ? Buffer.concat([carry, rest]) : Buffer.from(rest);
        if (carry.length > maxBytes) {
          carry = carry.subarray(0, maxBytes);
          carryOverlong = true;
        }
      }
    }
    if (out.length) yield out;
  }
  if (carry && carry.length > 0) yield [finish(carry, carryOverlong)];
}

/** A line that cannot be split names its problem as a reason code (libs/contract/src/reasons.ts). */
export type SplitResult = { fields: string[] } | { error: 'quoteNotClosed' | 'textAfterQuote' | 'quoteInValue' };

/** Splits one CSV line into trimmed fields; `"` quotes a field, `""` inside quotes is a quote. */
export function splitCsvLine(text: string, delim: string): SplitResult {
  if (!text.includes('"')) return { fields: text.split(delim).map((f) => f.trim()) };
  const fields: string[] = [];
  let i = 0;
  const n = text.length;
  for (;;) {
    while (i < n && (text[i] === ' ' || text[i] === '\t')) i++;
    if (text[i] === '"') {
      let v = '';
      i++;
      for (;;) {
        const q = text.indexOf('"', i);
        if (q === -1) return { error: 'quoteNotClosed' };
        v += text.slice(i, q);
        if (text[q + 1] === '"') {
          v += '"';
          i = q + 2;
          continue;
        }
        i = q + 1;
        break;
      }
      while (i < n && (text[i] === ' ' || text[i] === '\t')) i++;
      if (i < n && text[i] !== delim) return { error: 'textAfterQuote' };
      fields.push(v.trim());
    } else {
      const d = text.indexOf(delim, i);
      const raw = d === -1 ? text.slice(i) : text.slice(i, d);
      if (raw.includes('"')) return { error: 'quoteInValue' };
      fields.push(raw.trim());
      i = d === -1 ? n : d;
    }
    if (i >= n) return { fields };
    i++; // the separator
    if (i >= n) {
      fields.push('');
      return { fields };
    }
  }
}

/** `;` when the header line has more semicolons than commas (outside quotes), else `,`. */
export function detectDelimiter(firstLine: string): ',' | ';' {
  const unquoted = firstLine.replace(/"[^"]*"/g, '');
  let commas = 0;
  let semis = 0;
  for (const c of unquoted) {
    if (c === ',') commas++;
    else if (c === ';') semis++;
  }
  return semis > commas ? ';' : ',';
}

export type Sniff =
  | { ok: true; delimiter: ',' | ';' }
  | { ok: false; reason: 'empty' | 'binary' | 'encoding' };

const SIGNATURES: Buffer[] = [
  Buffer.from('PK\x03\x04', 'latin1'), // zip, xlsx, docx
  Buffer.from('PK\x05\x06', 'latin1'), // empty zip
  Buffer.from([0x1f, 0x8b]), // gzip
  Buffer.from('%PDF', 'latin1'),
  Buffer.from([0xd0, 0xcf, 0x11, 0xe0]), // old Office (xls)
  Buffer.from('Rar!', 'latin1'),
  Buffer.from([0x7f, 0x45, 0x4c, 0x46]), // ELF
  Buffer.from([0x89, 0x50, 0x4e, 0x47]), // PNG
  Buffer.from([0xff, 0xd8, 0xff]), // JPEG
];

const UTF16_32_BOMS: Buffer[] = [
  Buffer.from([0xff, 0xfe]), // UTF-16 LE (and UTF-32 LE)
  Buffer.from([0xfe, 0xff]), // UTF-16 BE
  Buffer.from([0x00, 0x00, 0xfe, 0xff]), // UTF-32 BE
];

/**
 * Looks at the first 64 KiB of an upload: empty, binary (archive or document signatures, NUL bytes) or not UTF-8
 * means it is no CSV text file; otherwise which separator its first line uses.
 */
export async function sniffFile(path: string): Promise<Sniff> {
  const fh = await open(path, 'r');
  try {
    const buf = Buffer.alloc(64 * 1024);
    const { bytesRead } = await fh.read(buf, 0, buf.length, 0);
    const head = buf.subarray(0, bytesRead);
    if (head.length === 0 || /^[\s\uFEFF]*$/.test(head.toString('utf8'))) return { ok: false, reason: 'empty' };
    // UTF-16 or UTF-32 text (a spreadsheet's "Unicode text" export): text, but not UTF-8; said before the NUL check
    if (UTF16_32_BOMS.some((b) => head.subarray(0, b.length).equals(b))) return { ok: false, reason: 'encoding' };
    if (SIGNATURES.some((s) => head.subarray(0, s.length).equals(s)) || head.includes(0)) return { ok: false, reason: 'binary' };
    try {
      // stream: true tolerates a character cut at the end of the sample
      new TextDecoder('utf-8', { fatal: true }).decode(head, { stream: true });
    } catch {
      return { ok: false, reason: 'encoding' };
    }
    const text = head.toString('utf8').replace(/^\uFEFF/, '');
    const firstLine = text.split('\n', 1)[0] ?? '';
    return { ok: true, delimiter: detectDelimiter(firstLine) };
  } finally {
    await fh.close();
  }
}

/**
 * Whether the first line of a mass file is already data (a bare list of IMEIs): one field that is not the `imei`
 * header. A first IMEI with a typo is then an error of line 1, not a missing header that fails the whole file.
 */
export function isBareMassList(firstLineFields: readonly string[]): boolean {
  return firstLineFields.length === 1 && firstLineFields[0]!.trim().toLowerCase() !== 'imei';
}
