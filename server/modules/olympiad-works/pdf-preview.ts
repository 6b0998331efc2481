import path from 'node:path';
import { Worker } from 'node:worker_threads';
import { UploadRefused } from '../../storage/upload-refusal';

/** The preview's longer side: as wide as the largest image variant the screens use, and a little more. */
const PREVIEW_MAX_SIDE = 1600;
/** A page that takes longer than this to draw is refused: a hostile PDF must not hold a thread. */
const RENDER_TIMEOUT_MS = 20_000;
/** The drawing thread's own heap: a PDF crafted to exhaust memory kills the thread, not the server. */
const RENDER_HEAP_MB = 256;

/**
 * pdfjs-dist ships as an ES module only, and draws onto @napi-rs/canvas; both load inside the
 * thread by their resolved paths. Eval is off (fonts are drawn by pdfjs's interpreter, never
 * compiled to functions), standard fonts come from the package's own folder, system fonts are
 * never consulted, and the page is drawn on white at a size capped by `maxSide`.
 */
const RENDERER = `
const { parentPort, workerData } = require('node:worker_threads');
const { pathToFileURL } = require('node:url');
(async () => {
  const pdfjs = await import(pathToFileURL(workerData.pdfjs).href);
  const { createCanvas } = require(workerData.canvas);
  const document = await pdfjs.getDocument({
    data: workerData.data,
    isEvalSupported: false,
    standardFontDataUrl: workerData.fonts,
    useSystemFonts: false,
    disableFontFace: true,
    stopAtErrors: false,
  }).promise;
  try {
    const page = await document.getPage(1);
    const natural = page.getViewport({ scale: 1 });
    const scale = Math.min(workerData.maxSide / Math.max(natural.width, natural.height, 1), 8);
    const viewport = page.getViewport({ scale });
    const canvas = createCanvas(Math.max(1, Math.ceil(viewport.width)), Math.max(1, Math.ceil(viewport.height)));
    const context = canvas.getContext('2d');
    context.fillStyle = '#ffffff';
    context.fillRect(0, 0, canvas.width, canvas.height);
    await page.render({ canvasContext: context, viewport, canvas }).promise;
    parentPort.postMessage({ png: canvas.toBuffer('image/png') });
  } finally {
    await document.destroy();
  }
})().catch((error) => parentPort.postMessage({ error: String((error && error.message) || error) }));
`;

const pdfjsPath = require.resolve('pdfjs-dist/legacy/build/pdf.mjs');
const canvasPath = require.resolve('@napi-rs/canvas');
// pdfjs reads the standard fonts by path in Node; the folder must end with a separator.
const standardFonts = path.join(path.dirname(pdfjsPath), '..', '..', 'standard_fonts') + path.sep;

/** Drawings at once: each takes a thread and up to its heap; more uploads wait their turn. */
const MAX_PARALLEL = 2;
let running = 0;
const waiting: Array<() => void> = [];

async function inTurn<T>(task: () => Promise<T>): Promise<T> {
  // A finished drawing hands its slot straight to the next in line, so the count never overshoots.
  if (running >= MAX_PARALLEL) await new Promise<void>((resolve) => waiting.push(resolve));
  else running += 1;
  try {
    return await task();
  } finally {
    const next = waiting.shift();
    if (next) next();
    else running -= 1;
  }
}

/**
 * A PNG of the PDF's first page, drawn in a thread of its own with a heap limit and a time
 * limit. Throws `UploadRefused('unreadablePdf')` when the page cannot be drawn.
 */
export function renderPdfPreview(pdf: Buffer): Promise<Buffer> {
  return inTurn(() => draw(pdf));
}

function draw(pdf: Buffer): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const data = new Uint8Array(pdf);
    const worker = new Worker(RENDERER, {
      eval: true,
      workerData: { data, pdfjs: pdfjsPath, canvas: canvasPath, fonts: standardFonts, maxSide: PREVIEW_MAX_SIDE },
      transferList: [data.buffer],
      resourceLimits: { maxOldGenerationSizeMb: RENDER_HEAP_MB },
      stdout: true,
      stderr: true,
    });
    let settled = false;
    const finish = (error: Error | null, png?: Buffer) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      void worker.terminate();
      if (error) reject(error);
      else resolve(png!);
    };
    const timer = setTimeout(() => finish(new UploadRefused('unreadablePdf')), RENDER_TIMEOUT_MS);
    // pdfjs warns on the console about fonts and broken objects; what matters is whether a page came out.
    worker.stdout.resume();
    worker.stderr.resume();
    worker.on('message', (message: { png?: Uint8Array; error?: string }) => {
      if (message.png) finish(null, Buffer.from(message.png));
      else finish(new UploadRefused('unreadablePdf'));
    });
    worker.on('error', () => finish(new UploadRefused('unreadablePdf')));
    worker.on('exit', () => finish(new UploadRefused('unreadablePdf')));
  });
}
