// Writes the olympiad's three legal documents as PDFs into public/docs (committed; the SPA build copies
// them to the web root, so they are served at /docs/*.pdf). No packages: the PDF is written by hand
// with an embedded subset of DejaVu Sans (Cyrillic needs a real font). Run: node scripts/olympiad-docs.mjs
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { fileURLToPath } from 'node:url';
import { DOCUMENTS, EDITION } from './olympiad-docs-text.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const FONT_DIR = process.env.FONT_DIR || '/usr/share/fonts/truetype/dejavu';
const FONTS = { regular: path.join(FONT_DIR, 'DejaVuSans.ttf'), bold: path.join(FONT_DIR, 'DejaVuSans-Bold.ttf') };

// ---------- TrueType: read what a PDF needs, and cut the font down to the glyphs used ----------

function readFont(file) {
  const buf = fs.readFileSync(file);
  const tables = {};
  for (let i = 0; i < buf.readUInt16BE(4); i++) {
    const at = 12 + 16 * i;
    tables[buf.toString('latin1', at, at + 4)] = { offset: buf.readUInt32BE(at + 8), length: buf.readUInt32BE(at + 12) };
  }
  const table = (tag) => (tables[tag] ? buf.subarray(tables[tag].offset, tables[tag].offset + tables[tag].length) : null);
  const head = table('head');
  const hhea = table('hhea');
  const numGlyphs = table('maxp').readUInt16BE(4);
  const longLoca = head.readInt16BE(50) === 1;
  const loca = table('loca');
  const offsets = Array.from({ length: numGlyphs + 1 }, (_, i) => (longLoca ? loca.readUInt32BE(i * 4) : loca.readUInt16BE(i * 2) * 2));
  const hmtx = table('hmtx');
  const metrics = hhea.readUInt16BE(34);
  const os2 = table('OS/2');
  return {
    file,
    table,
    tags: Object.keys(tables),
    numGlyphs,
    unitsPerEm: head.readUInt16BE(18),
    bbox: [head.readInt16BE(36), head.readInt16BE(38), head.readInt16BE(40), head.readInt16BE(42)],
    ascent: hhea.readInt16BE(4),
    descent: hhea.readInt16BE(6),
    capHeight: os2 && os2.readUInt16BE(0) >= 2 ? os2.readInt16BE(88) : hhea.readInt16BE(4),
    glyf: table('glyf'),
    offsets,
    advance: (gid) => hmtx.readUInt16BE(4 * Math.min(gid, metrics - 1)),
    cmap: readCmap(table('cmap')),
  };
}

/** Unicode (BMP) → glyph id, from the format 4 subtable. */
function readCmap(cmap) {
  let sub = null;
  for (let i = 0; i < cmap.readUInt16BE(2); i++) {
    const platform = cmap.readUInt16BE(4 + i * 8);
    const encoding = cmap.readUInt16BE(6 + i * 8);
    const offset = cmap.readUInt32BE(8 + i * 8);
    if (cmap.readUInt16BE(offset) === 4 && ((platform === 3 && encoding === 1) || platform === 0)) sub = offset;
  }
  if (sub === null) throw new Error('no format 4 cmap');
  const segments = cmap.readUInt16BE(sub + 6) / 2;
  const ends = sub + 14;
  const starts = ends + segments * 2 + 2;
  const deltas = starts + segments * 2;
  const ranges = deltas + segments * 2;
  return (code) => {
    for (let s = 0; s < segments; s++) {
      if (code > cmap.readUInt16BE(ends + s * 2)) continue;
      const start = cmap.readUInt16BE(starts + s * 2);
      if (code < start) return 0;
      const delta = cmap.readInt16BE(deltas + s * 2);
      const rangeOffset = cmap.readUInt16BE(ranges + s * 2);
      if (rangeOffset === 0) return (code + delta) & 0xffff;
      const gid = cmap.readUInt16BE(ranges + s * 2 + rangeOffset + (code - start) * 2);
      return gid === 0 ? 0 : (gid + delta) & 0xffff;
    }
    return 0;
  };
}

/** Glyphs a composite glyph is built from (accents on Cyrillic letters). */
function components(font, gid) {
  const start = font.offsets[gid];
  if (font.offsets[gid + 1] === start || font.glyf.readInt16BE(start) >= 0) return [];
  const found = [];
  let at = start + 10;
  for (;;) {
    const flags = font.glyf.readUInt16BE(at);
    found.push(font.glyf.readUInt16BE(at + 2));
    at += 4 + (flags & 1 ? 4 : 2) + (flags & 8 ? 2 : flags & 0x40 ? 4 : flags & 0x80 ? 8 : 0);
    if (!(flags & 0x20)) return found;
  }
}

const pad4 = (b) => (b.length % 4 ? Buffer.concat([b, Buffer.alloc(4 - (b.length % 4))]) : b);
function checksum(b) {
  const padded = pad4(b);
  let sum = 0;
  for (let i = 0; i < padded.length; i += 4) sum = (sum + padded.readUInt32BE(i)) >>> 0;
  return sum;
}

/** The same font with every unused glyph emptied: glyph ids stay, the file shrinks to what the text needs. */
function subsetFont(font, used) {
  const keep = new Set([0, ...used]);
  for (const gid of [...keep]) for (const part of components(font, gid)) keep.add(part);
  const glyphs = [];
  const loca = Buffer.alloc((font.numGlyphs + 1) * 4);
  let offset = 0;
  for (let gid = 0; gid < font.numGlyphs; gid++) {
    loca.writeUInt32BE(offset, gid * 4);
    if (!keep.has(gid)) continue;
    const data = pad4(Buffer.from(font.glyf.subarray(font.offsets[gid], font.offsets[gid + 1])));
    glyphs.push(data);
    offset += data.length;
  }
  loca.writeUInt32BE(offset, font.numGlyphs * 4);
  const head = Buffer.from(font.table('head'));
  head.writeInt16BE(1, 50); // long loca
  head.writeUInt32BE(0, 8); // checkSumAdjustment, set below
  const tables = { glyf: Buffer.concat(glyphs), loca, head };
  for (const tag of ['cmap', 'cvt ', 'fpgm', 'hhea', 'hmtx', 'maxp', 'name', 'OS/2', 'prep']) {
    if (font.tags.includes(tag)) tables[tag] = Buffer.from(font.table(tag));
  }
  // `post` without its glyph names (version 3): the names are most of the table and no viewer needs them.
  const post = Buffer.from(font.table('post').subarray(0, 32));
  post.writeUInt32BE(0x00030000, 0);
  tables.post = post;
  const tags = Object.keys(tables).sort();
  const power = 2 ** Math.floor(Math.log2(tags.length));
  const header = Buffer.alloc(12 + 16 * tags.length);
  header.writeUInt32BE(0x00010000, 0);
  header.writeUInt16BE(tags.length, 4);
  header.writeUInt16BE(power * 16, 6);
  header.writeUInt16BE(Math.log2(power), 8);
  header.writeUInt16BE(tags.length * 16 - power * 16, 10);
  let at = header.length;
  const bodies = [];
  tags.forEach((tag, i) => {
    const data = tables[tag];
    header.write(tag, 12 + 16 * i, 4, 'latin1');
    header.writeUInt32BE(checksum(data), 16 + 16 * i);
    header.writeUInt32BE(at, 20 + 16 * i);
    header.writeUInt32BE(data.length, 24 + 16 * i);
    bodies.push(pad4(data));
    at += pad4(data).length;
  });
  const file = Buffer.concat([header, ...bodies]);
  const headAt = header.readUInt32BE(20 + 16 * tags.indexOf('head'));
  file.writeUInt32BE((0xb1b0afba - checksum(file)) >>> 0, headAt + 8);
  return file;
}

// ---------- Layout: words to lines to pages ----------

const PAGE = { width: 595.28, height: 841.89, margin: 56 };
const STYLES = {
  title: { font: 'bold', size: 16, before: 0, after: 10 },
  subtitle: { font: 'regular', size: 9.5, before: 0, after: 14 },
  heading: { font: 'bold', size: 12, before: 10, after: 4 },
  text: { font: 'regular', size: 10.5, before: 0, after: 6 },
};

function textWidth(font, text, size) {
  let units = 0;
  for (const ch of text) units += font.advance(font.cmap(ch.codePointAt(0)));
  return (units * size) / font.unitsPerEm;
}

function wrap(font, text, size, width) {
  const lines = [];
  let line = '';
  for (const word of text.split(/\s+/)) {
    const next = line ? `${line} ${word}` : word;
    if (line && textWidth(font, next, size) > width) {
      lines.push(line);
      line = word;
    } else line = next;
  }
  if (line) lines.push(line);
  return lines;
}

/** Pages of positioned lines; each language of a document starts on a page of its own. */
function layout(fonts, parts) {
  const pages = [];
  const width = PAGE.width - 2 * PAGE.margin;
  for (const blocks of parts) {
    let page = [];
    pages.push(page);
    let y = PAGE.height - PAGE.margin;
    for (const block of blocks) {
      const style = STYLES[block.style];
      const font = fonts[style.font];
      const leading = style.size * 1.4;
      y -= style.before;
      for (const line of wrap(font, block.text, style.size, width)) {
        if (y - leading < PAGE.margin) {
          page = [];
          pages.push(page);
          y = PAGE.height - PAGE.margin;
        }
        y -= leading;
        page.push({ font: style.font, size: style.size, x: PAGE.margin, y: y + leading - style.size, text: line });
      }
      y -= style.after;
    }
  }
  return pages;
}

// ---------- PDF objects ----------

function writePdf({ title, parts }, outFile) {
  const fonts = { regular: readFont(FONTS.regular), bold: readFont(FONTS.bold) };
  const pages = layout(fonts, parts);
  const used = { regular: new Map(), bold: new Map() };
  for (const page of pages) {
    for (const line of page) {
      for (const ch of line.text) used[line.font].set(fonts[line.font].cmap(ch.codePointAt(0)), ch.codePointAt(0));
    }
  }

  const objects = [];
  const add = (body) => objects.push(body) && objects.length;
  const stream = (dict, data) => {
    const packed = zlib.deflateSync(data, { level: 9 });
    return Buffer.concat([Buffer.from(`<< ${dict} /Filter /FlateDecode /Length ${packed.length} >>\nstream\n`, 'latin1'), packed, Buffer.from('\nendstream', 'latin1')]);
  };
  const hex = (n) => n.toString(16).toUpperCase().padStart(4, '0');
  // Text strings outside content streams (the document title) are UTF-16BE with a byte-order mark.
  const utf16 = (text) => {
    const units = Buffer.from(text, 'utf16le');
    let out = '<FEFF';
    for (let i = 0; i < units.length; i += 2) out += hex(units.readUInt16LE(i));
    return `${out}>`;
  };

  const fontIds = {};
  for (const [name, font] of Object.entries(fonts)) {
    const gids = [...used[name].keys()].sort((a, b) => a - b);
    const tag = name === 'bold' ? 'BAZAAB' : 'BAZAAR';
    const baseFont = `${tag}+${path.basename(font.file, '.ttf')}`;
    const scale = (v) => Math.round((v * 1000) / font.unitsPerEm);
    const fontData = subsetFont(font, gids);
    const fontFile = add(stream(`/Length1 ${fontData.length}`, fontData));
    const descriptor = add(
      `<< /Type /FontDescriptor /FontName /${baseFont} /Flags 32 /FontBBox [${font.bbox.map(scale).join(' ')}] /ItalicAngle 0 /Ascent ${scale(font.ascent)} /Descent ${scale(font.descent)} /CapHeight ${scale(font.capHeight)} /StemV ${name === 'bold' ? 120 : 80} /FontFile2 ${fontFile} 0 R >>`,
    );
    const widths = gids.map((gid) => `${gid} [${scale(font.advance(gid))}]`).join(' ');
    const cid = add(
      `<< /Type /Font /Subtype /CIDFontType2 /BaseFont /${baseFont} /CIDSystemInfo << /Registry (Adobe) /Ordering (Identity) /Supplement 0 >> /FontDescriptor ${descriptor} 0 R /DW 1000 /W [${widths}] /CIDToGIDMap /Identity >>`,
    );
    const cmap = [
      '/CIDInit /ProcSet findresource begin 12 dict begin begincmap',
      '/CIDSystemInfo << /Registry (Adobe) /Ordering (UCS) /Supplement 0 >> def /CMapName /Adobe-Identity-UCS def /CMapType 2 def',
      '1 begincodespacerange <0000> <FFFF> endcodespacerange',
      ...chunks(gids, 100).flatMap((group) => [`${group.length} beginbfchar`, ...group.map((gid) => `<${hex(gid)}> <${hex(used[name].get(gid))}>`), 'endbfchar']),
      'endcmap CMapName currentdict /CMap defineresource pop end end',
    ].join('\n');
    const toUnicode = add(stream('', Buffer.from(cmap, 'latin1')));
    fontIds[name] = add(`<< /Type /Font /Subtype /Type0 /BaseFont /${baseFont} /Encoding /Identity-H /DescendantFonts [${cid} 0 R] /ToUnicode ${toUnicode} 0 R >>`);
  }

  const pagesId = objects.length + 1 + pages.length * 2;
  const pageIds = pages.map((lines, index) => {
    const ops = lines.map((line) => {
      const glyphs = [...line.text].map((ch) => hex(fonts[line.font].cmap(ch.codePointAt(0)))).join('');
      return `BT /${line.font === 'bold' ? 'F2' : 'F1'} ${line.size} Tf 1 0 0 1 ${line.x.toFixed(2)} ${line.y.toFixed(2)} Tm <${glyphs}> Tj ET`;
    });
    ops.push(`BT /F1 8 Tf 1 0 0 1 ${(PAGE.width / 2 - 4).toFixed(2)} 28 Tm <${[...String(index + 1)].map((c) => hex(fonts.regular.cmap(c.codePointAt(0)))).join('')}> Tj ET`);
    const content = add(stream('', Buffer.from(ops.join('\n'), 'latin1')));
    return add(
      `<< /Type /Page /Parent ${pagesId} 0 R /MediaBox [0 0 ${PAGE.width} ${PAGE.height}] /Resources << /Font << /F1 ${fontIds.regular} 0 R /F2 ${fontIds.bold} 0 R >> >> /Contents ${content} 0 R >>`,
    );
  });
  add(`<< /Type /Pages /Kids [${pageIds.map((id) => `${id} 0 R`).join(' ')}] /Count ${pageIds.length} >>`);
  const catalog = add(`<< /Type /Catalog /Pages ${pagesId} 0 R /Lang (ru-RU) >>`);
  const info = add(`<< /Title ${utf16(title)} /Author ${utf16('ООО «Базар» / Bazaar LLC')} /Producer (scripts/olympiad-docs.mjs) /CreationDate (D:${EDITION.replace(/-/g, '')}000000Z) >>`);

  const chunksOut = [Buffer.from('%PDF-1.7\n%\xE2\xE3\xCF\xD3\n', 'latin1')];
  const offsets = [];
  let length = chunksOut[0].length;
  objects.forEach((body, i) => {
    const data = Buffer.concat([Buffer.from(`${i + 1} 0 obj\n`, 'latin1'), Buffer.isBuffer(body) ? body : Buffer.from(body, 'latin1'), Buffer.from('\nendobj\n', 'latin1')]);
    offsets.push(length);
    chunksOut.push(data);
    length += data.length;
  });
  const xref = [`xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`, ...offsets.map((o) => `${String(o).padStart(10, '0')} 00000 n \n`)].join('');
  chunksOut.push(Buffer.from(`${xref}trailer\n<< /Size ${objects.length + 1} /Root ${catalog} 0 R /Info ${info} 0 R >>\nstartxref\n${length}\n%%EOF\n`, 'latin1'));
  fs.writeFileSync(outFile, Buffer.concat(chunksOut));
  return pages.length;
}

function chunks(list, size) {
  const out = [];
  for (let i = 0; i < list.length; i += size) out.push(list.slice(i, i + size));
  return out;
}

const outDir = path.join(root, 'public', 'docs');
fs.mkdirSync(outDir, { recursive: true });
for (const [name, document] of Object.entries(DOCUMENTS)) {
  const file = path.join(outDir, `${name}.pdf`);
  const pages = writePdf(document, file);
  console.log(`${path.relative(root, file)}: ${pages} pages, ${fs.statSync(file).size} bytes`);
}
