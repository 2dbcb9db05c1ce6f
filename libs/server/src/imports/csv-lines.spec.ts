import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { detectDelimiter, isBareMassList, lineBatches, sniffFile, splitCsvLine } from './csv-lines.js';

async function lines(chunks: (string | Buffer)[], max = 20) {
  const out = [];
  for await (const b of lineBatches(Readable.from(chunks.map((c) => (typeof c === 'string' ? Buffer.from(c) : c))), max)) out.push(...b);
  return out;
}

describe('lineBatches', () => {
  it('splits LF and CRLF lines across chunks, numbers them from 1 and drops a BOM', async () => {
    const r = await lines(['\uFEFFa,b\r\nc,', 'd\nlast']);
    expect(r).toEqual([
      { no: 1, text: 'a,b', overlong: false },
      { no: 2, text: 'c,d', overlong: false },
      { no: 3, text: 'last', overlong: false },
    ]);
  });

  it('cuts an overlong line at the limit without holding the rest', async () => {
    const r = await lines(['short\n', 'x'.repeat(15), 'y'.repeat(30), 'z'.repeat(30), '\nnext\n'], 20);
    expect(r.map((l) => [l.no, l.text.length, l.overlong])).toEqual([
      [1, 5, false],
      [2, 20, true],
      [3, 4, false],
    ]);
  });

  it('turns invalid UTF-8 into U+FFFD, keeping multi-byte characters split across chunks', async () => {
    const euro = Buffer.from('€');
    const r = await lines([Buffer.concat([Buffer.from('a'), euro.subarray(0, 1)]), Buffer.concat([euro.subarray(1), Buffer.from('\n\xe9\n', 'latin1')])]);
    expect(r.map((l) => l.text)).toEqual(['a€', '\uFFFD']);
  });
});

describe('splitCsvLine', () => {
  it('splits plain and quoted fields, trimming spaces', () => {
    expect(splitCsvLine(' a , b ,c', ',')).toEqual({ fields: ['a', 'b', 'c'] });
    expect(splitCsvLine('"a;b";"say ""hi""";', ';')).toEqual({ fields: ['a;b', 'say "hi"', ''] });
    expect(splitCsvLine('x,', ',')).toEqual({ fields: ['x', ''] });
  });

  it('reports broken quoting instead of guessing', () => {
    expect(splitCsvLine('"open,b', ',')).toEqual({ error: 'quoteNotClosed' });
    expect(splitCsvLine('"a"x,b', ',')).toEqual({ error: 'textAfterQuote' });
    expect(splitCsvLine('a"b,c', ',')).toEqual({ error: 'quoteInValue' });
  });
});

describe('delimiter and output cells', () => {
  it('takes ; when the header has more semicolons than commas', () => {
    expect(detectDelimiter('imsi;iccid;gsm_number')).toBe(';');
    expect(detectDelimiter('imsi,iccid')).toBe(',');
    expect(detectDelimiter('"a;b;c",d')).toBe(',');
  });

});

describe('sniffFile', () => {
  it('tells empty, binary, non-UTF-8 (UTF-16 with its BOM too) and CSV text apart', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'sniff-'));
    try {
      const sniff = (content: Buffer) => {
        const p = join(dir, `f${Math.random()}`);
        writeFileSync(p, content);
        return sniffFile(p);
      };
      expect(await sniff(Buffer.alloc(0))).toEqual({ ok: false, reason: 'empty' });
      expect(await sniff(Buffer.from('\uFEFF\r\n  \n'))).toEqual({ ok: false, reason: 'empty' });
      expect(await sniff(Buffer.concat([Buffer.from('PK\x03\x04', 'latin1'), Buffer.alloc(10)]))).toEqual({ ok: false, reason: 'binary' });
      expect(await sniff(Buffer.from('imsi\n1\u0000\n'))).toEqual({ ok: false, reason: 'binary' });
      expect(await sniff(Buffer.from('imsi;name\nM\xfcller\n', 'latin1'))).toEqual({ ok: false, reason: 'encoding' });
      expect(await sniff(Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from('imsi\r\n262011234567890\r\n', 'utf16le')]))).toEqual({ ok: false, reason: 'encoding' });
      expect(await sniff(Buffer.concat([Buffer.from([0xfe, 0xff]), Buffer.from('imsi\n', 'utf16le').swap16()]))).toEqual({ ok: false, reason: 'encoding' });
      expect(await sniff(Buffer.from('\uFEFFimsi;iccid\n262011234567890;\n'))).toEqual({ ok: true, delimiter: ';' });
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('isBareMassList', () => {
  it('takes one field other than the imei header as data', () => {
    expect(isBareMassList(['351234567890123'])).toBe(true);
    expect(isBareMassList(['35123456789012'])).toBe(true);
    expect(isBareMassList(['IMEI'])).toBe(false);
    expect(isBareMassList([' imei '])).toBe(false);
    expect(isBareMassList(['imei', 'note'])).toBe(false);
  });
});
