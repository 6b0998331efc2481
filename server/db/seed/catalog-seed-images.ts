import { createHash } from 'node:crypto';
import { inArray } from 'drizzle-orm';
import sharp from 'sharp';
import { IMAGE_WIDTHS } from '../../../shared/api/catalog-values';
import type { FileStorage } from '../../storage/file-storage';
import { imageVariantKey } from '../../storage/image-processing';
import type { Db } from '../client';
import { images } from '../schema';

/**
 * A card drawn by code: a gradient, a round badge with optional initials and up to two lines of
 * label. The demo catalogue draws none of the words (initials, labels): they would be in one
 * language only, and the page shows the name in the reader's language beside the picture. Without
 * initials a banner is a plain backdrop, its title and subtitle the page's text over it.
 */
export interface CardSpec {
  width: number;
  height: number;
  hue: number;
  initials?: string;
  label?: string;
  sublabel?: string;
}

const escapeXml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** Splits a label into at most two lines of about `max` characters. */
function lines(text: string, max: number): string[] {
  const words = text.split(/\s+/);
  const result = [''];
  for (const word of words) {
    const current = result[result.length - 1];
    if (current && (current + ' ' + word).length > max) {
      if (result.length === 2) {
        result[1] = `${result[1]}…`;
        break;
      }
      result.push(word);
    } else result[result.length - 1] = current ? `${current} ${word}` : word;
  }
  return result;
}

export function cardSvg(spec: CardSpec): string {
  const { width: w, height: h, hue } = spec;
  const wide = w / h > 1.8;
  const badge = Math.round(Math.min(w, h) * (wide ? 0.32 : 0.24));
  const cx = wide ? Math.round(h * 0.55) : Math.round(w / 2);
  const cy = wide ? Math.round(h / 2) : Math.round(h * (spec.label ? 0.4 : 0.5));
  const font = 'DejaVu Sans, Liberation Sans, sans-serif';
  const labelSize = Math.round(Math.min(w, h) * (wide ? 0.16 : 0.075));
  const labelLines = spec.label ? lines(spec.label, wide ? 26 : Math.max(12, Math.round(w / (labelSize * 0.62)))) : [];
  const labelX = wide ? cx + badge + Math.round(h * 0.15) : Math.round(w / 2);
  const anchor = wide ? 'start' : 'middle';
  const labelY = wide ? Math.round(h / 2) - (labelLines.length - 1) * labelSize * 0.6 : Math.round(h * 0.78);
  const text = labelLines
    .map((line, i) => `<text x="${labelX}" y="${Math.round(labelY + i * labelSize * 1.2)}" font-size="${labelSize}" text-anchor="${anchor}" fill="#fff" font-family="${font}" font-weight="bold">${escapeXml(line)}</text>`)
    .join('');
  const sub = spec.sublabel
    ? `<text x="${labelX}" y="${Math.round((wide ? labelY + labelLines.length * labelSize * 1.2 : h * 0.93))}" font-size="${Math.round(labelSize * 0.6)}" text-anchor="${anchor}" fill="#fff" fill-opacity="0.85" font-family="${font}">${escapeXml(spec.sublabel)}</text>`
    : '';
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}" viewBox="0 0 ${w} ${h}">` +
    `<defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="hsl(${hue},65%,58%)"/><stop offset="1" stop-color="hsl(${(hue + 35) % 360},70%,36%)"/></linearGradient></defs>` +
    `<rect width="${w}" height="${h}" fill="url(#g)"/>` +
    `<circle cx="${w * 0.88}" cy="${h * 0.12}" r="${Math.min(w, h) * 0.3}" fill="#fff" fill-opacity="0.08"/>` +
    (spec.initials
      ? `<circle cx="${cx}" cy="${cy}" r="${badge}" fill="#fff" fill-opacity="0.22"/>` +
        `<text x="${cx}" y="${Math.round(cy + badge * 0.36)}" font-size="${Math.round(badge * 0.95)}" text-anchor="middle" fill="#fff" font-family="${font}" font-weight="bold">${escapeXml(spec.initials)}</text>`
      : `<circle cx="${w * 0.08}" cy="${h * 0.95}" r="${Math.min(w, h) * 0.45}" fill="#fff" fill-opacity="0.06"/>`) +
    text +
    sub +
    `</svg>`
  );
}

/** A banner's picture: colour only; its title and subtitle are the page's text over it. */
export const bannerCard = (hue: number): CardSpec => ({ width: 960, height: 320, hue });

/** A stable hue for a text, so one business always gets the same colour. */
export const hueOf = (text: string) => createHash('md5').update(text).digest().readUInt16BE(0) % 360;

interface Rendered {
  row: typeof images.$inferInsert;
  files: Array<{ key: string; body: Buffer }>;
}

/** Variant sizes of a card, as sharp's resize computes them. */
function variantSizes(spec: Pick<CardSpec, 'width' | 'height'>) {
  return IMAGE_WIDTHS.map((requested) => {
    const width = Math.min(requested, spec.width);
    return { width, height: Math.round((spec.height * width) / spec.width) };
  });
}

async function render(id: string, spec: CardSpec, svg: string): Promise<Rendered> {
  const base = await sharp(Buffer.from(svg)).raw().toBuffer({ resolveWithObject: true });
  const encoded = new Map<number, Buffer>();
  const files = [];
  for (const [index, size] of variantSizes(spec).entries()) {
    let body = encoded.get(size.width);
    if (!body) {
      body = await sharp(base.data, { raw: base.info }).resize({ width: size.width }).webp({ quality: 78, effort: 0 }).toBuffer();
      encoded.set(size.width, body);
    }
    files.push({ key: imageVariantKey(id, IMAGE_WIDTHS[index]), body });
  }
  return { files, row: rowOf(id, spec, files.reduce((n, f) => n + f.body.length, 0)) };
}

function rowOf(id: string, spec: CardSpec, bytes: number): typeof images.$inferInsert {
  const variants = variantSizes(spec);
  const largest = variants[variants.length - 1];
  return { id, ownerId: null, width: largest.width, height: largest.height, variants, bytes };
}

/** The files of a card drawn by an earlier seed into the same storage, if all are there. */
async function storedBytes(storage: FileStorage, id: string): Promise<number | null> {
  const sizes = await Promise.all(IMAGE_WIDTHS.map((width) => storage.size(imageVariantKey(id, width))));
  return sizes.every((size) => size !== null) ? sizes.reduce<number>((n, size) => n + (size ?? 0), 0) : null;
}

/**
 * Collects cards to draw, then draws, stores and records the missing ones in
 * parallel. Ids come from the drawing itself, so a second seed into the same
 * storage reuses the files instead of drawing them again.
 */
export function seedImageBatch(db: Db, storage: FileStorage) {
  const pending = new Map<string, { spec: CardSpec; svg: string }>();
  return {
    add(spec: CardSpec): string {
      const svg = cardSvg(spec);
      const id = `s${createHash('sha256').update(svg).digest('hex').slice(0, 23)}`;
      pending.set(id, { spec, svg });
      return id;
    },
    async flush(concurrency = 4): Promise<void> {
      const ids = [...pending.keys()];
      const known = new Set<string>();
      for (let i = 0; i < ids.length; i += 500) {
        const rows = await db.select({ id: images.id }).from(images).where(inArray(images.id, ids.slice(i, i + 500)));
        rows.forEach((row) => known.add(row.id));
      }
      const queue = [...pending.entries()].filter(([id]) => !known.has(id));
      const rows: Array<typeof images.$inferInsert> = [];
      const worker = async () => {
        for (let next = queue.pop(); next; next = queue.pop()) {
          const [id, { spec, svg }] = next;
          const bytes = await storedBytes(storage, id);
          if (bytes !== null) {
            rows.push(rowOf(id, spec, bytes));
            continue;
          }
          const rendered = await render(id, spec, svg);
          for (const file of rendered.files) await storage.put(file.key, file.body, 'image/webp');
          rows.push(rendered.row);
        }
      };
      await Promise.all(Array.from({ length: concurrency }, worker));
      for (let i = 0; i < rows.length; i += 200) await db.insert(images).values(rows.slice(i, i + 200)).onConflictDoNothing();
      pending.clear();
    },
  };
}
