import { PassThrough } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { guardCell, writeCsv } from './csv.js';
import { attachment } from './attachment.js';

async function csv(rows: Parameters<typeof writeCsv>[0], columns?: Parameters<typeof writeCsv>[2]) {
  const out = new PassThrough();
  const chunks: Buffer[] = [];
  out.on('data', (c: Buffer) => chunks.push(c));
  await writeCsv(rows, out, columns);
  return Buffer.concat(chunks).toString('utf8');
}

describe('the export CSV writer', () => {
  it('neutralises formula cells with an apostrophe', () => {
    for (const v of ['=1+1', '+49 x', '-x', '@SUM(A1)', '\tx', '\rx', '=HYPERLINK("http://evil")', '+1+2']) expect(guardCell(v)).toBe(`'${v}`);
    for (const v of ['plain', '', '49', ' =x']) expect(guardCell(v)).toBe(v);
  });

  it('keeps plain numbers, and phone numbers as they are: a number to a spreadsheet and to a CSV parser', () => {
    expect(guardCell('-12.5')).toBe('-12.5');
    expect(guardCell('-3')).toBe('-3');
    expect(guardCell('+15550100')).toBe('+15550100');
    expect(guardCell('+491511234567')).toBe('+491511234567');
    expect(Number(guardCell('+491511234567'))).toBe(491511234567);
    // anything beyond '+' and digits is no phone number and stays guarded
    for (const v of ['+49 151', '+49-151', '+1555010012345678', '+15550100;', '+1)']) expect(guardCell(v)).toBe(`'${v}`);
  });

  it('quotes per RFC 4180 (and ;), CRLF lines, header from the columns, coded columns as their labels', async () => {
    const text = await csv(
      [
        { a: 'x,y', b: 'say "hi"', s: 2 },
        { a: 'a;b', b: null, s: 9 },
      ],
      ['a', 'b', { key: 's', header: 'status', label: (v) => ({ 2: 'received' })[Number(v)] }],
    );
    expect(text).toBe('a,b,status\r\n"x,y","say ""hi""",received\r\n"a;b",,9\r\n');
  });

  it('writes array rows as they are, guarded, from an async generator', async () => {
    async function* rows() {
      yield ['imei', 'error'];
      yield ['=cmd', 'line 2: bad'];
    }
    expect(await csv(rows())).toBe("imei,error\r\n'=cmd,line 2: bad\r\n");
  });
});

describe('attachment()', () => {
  it('gives an ASCII filename and the exact UTF-8 name, and nothing in a stored name can break the header', () => {
    expect(attachment('report.csv')).toBe(`attachment; filename="report.csv"; filename*=UTF-8''report.csv`);
    expect(attachment('Müller – Hilfe.pdf')).toBe(`attachment; filename="M_ller _ Hilfe.pdf"; filename*=UTF-8''M%C3%BCller%20%E2%80%93%20Hilfe.pdf`);
    const evil = attachment('log"\r\nSet-Cookie: x=1;.txt');
    expect(evil).not.toMatch(/[\r\n]/);
    expect(evil.split('filename*=')[0]).toBe('attachment; filename="log___Set-Cookie: x=1_.txt"; ');
  });
});

describe('CopyTextToCsv (the COPY path)', () => {
  it("turns COPY's text rows into CRLF lines and undoes its escapes, whatever the chunk boundaries", async () => {
    const { CopyTextToCsv } = await import('./copy-csv.js');
    const copy = Buffer.from('a,"x\\ny",b\nback\\\\slash,"t\\tr\\r"\nplain\n', 'utf8');
    const want = 'a,"x\ny",b\r\nback\\slash,"t\tr\r"\r\nplain\r\n';
    for (let cut = 0; cut <= copy.length; cut++) {
      const t = new CopyTextToCsv();
      const chunks: Buffer[] = [];
      t.on('data', (c: Buffer) => chunks.push(c));
      const done = new Promise((r) => t.on('end', r));
      t.write(copy.subarray(0, cut));
      t.end(copy.subarray(cut));
      await done;
      expect(Buffer.concat(chunks).toString('utf8'), `cut at ${cut}`).toBe(want);
    }
  });

  it('writes bind values into the statement as literals in one pass', async () => {
    const { inlineValues } = await import('./copy-csv.js');
    expect(inlineValues('SELECT $1, $2::int[], $10, $3', ["it's $2", [1, 2], null, 4, 5, 6, 7, 8, 9, 'ten'])).toBe(
      `SELECT 'it''s $2', '{"1","2"}'::int[], 'ten', NULL`,
    );
    expect(() => inlineValues('SELECT $2', [1])).toThrow();
  });
});
