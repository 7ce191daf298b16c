// Renders service reports off the main thread: pdfmake lays out and subsets fonts synchronously, which would
// otherwise hold every other request for up to a second. Plain JavaScript so the worker needs no TypeScript loader.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { parentPort } from 'node:worker_threads';
import pdfmake from 'pdfmake';

const dir = path.join(path.dirname(createRequire(import.meta.url).resolve('@embedpdf/fonts-sc')), '..', 'fonts');
pdfmake.virtualfs.writeFileSync('NotoSansHans-Regular.otf', readFileSync(path.join(dir, 'NotoSansHans-Regular.otf')));
pdfmake.virtualfs.writeFileSync('NotoSansHans-Bold.otf', readFileSync(path.join(dir, 'NotoSansHans-Bold.otf')));
pdfmake.setFonts({
  NotoSans: { normal: 'NotoSansHans-Regular.otf', bold: 'NotoSansHans-Bold.otf', italics: 'NotoSansHans-Regular.otf', bolditalics: 'NotoSansHans-Bold.otf' },
});
// The report embeds only bytes we pass in: no URL or file is ever fetched by the library.
pdfmake.setUrlAccessPolicy(() => false);
pdfmake.setLocalAccessPolicy(() => false);

const footer = (page, pages) => ({ text: `第 ${page} / ${pages} 页`, alignment: 'center', fontSize: 8, color: '#999' });

parentPort.on('message', async ({ id, doc }) => {
  try {
    const buf = await pdfmake.createPdf({ ...doc, footer }).getBuffer();
    parentPort.postMessage({ id, pdf: buf }, [buf.buffer]);
  } catch (err) {
    parentPort.postMessage({ id, error: String(err?.message ?? err) });
  }
});
