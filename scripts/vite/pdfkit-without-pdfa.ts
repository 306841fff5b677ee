import { createRequire } from 'node:module';
import path from 'node:path';
import type { Plugin } from 'vite';

/**
 * PDFKit for a Worker. Its Node build loads the standard fonts through `createRequire(import.meta.url)`, which
 * a Worker does not have, and Waku's Cloudflare build resolves packages as Node would; its browser build has
 * neither file system nor native code, and is what the Worker gets (`worker: true`).
 *
 * PDFKit's module also computes the address of its PDF/A colour profile at load time, from `import.meta.url`, which a
 * Worker does not have: the Worker then fails to start ("Invalid URL string"). The site writes no PDF/A, so the
 * address is replaced by the relative path it names (PDFKit reads the file only for PDF/A).
 */
export function pdfkitWithoutPdfa({ worker }: { worker: boolean }): Plugin {
  // beside the build `require` finds (js/pdfkit.js); the package exports no deeper path
  const browserBuild = path.join(path.dirname(createRequire(import.meta.url).resolve('pdfkit')), 'pdfkit.browser.mjs');
  const LOAD_TIME_ADDRESS = /new URL\((['"])\.\/data\/sRGB_IEC61966_2_1\.icc\1, import\.meta\.url\)\.href/;
  return {
    name: 'pdfkit-without-pdfa',
    enforce: 'pre',
    resolveId(source) {
      return worker && source === 'pdfkit' ? browserBuild : null;
    },
    transform(code, id) {
      if (!/[\\/]pdfkit[\\/]js[\\/]pdfkit\.[\w.]*mjs$/.test(id) || !LOAD_TIME_ADDRESS.test(code)) return null;
      return { code: code.replace(LOAD_TIME_ADDRESS, "'./data/sRGB_IEC61966_2_1.icc'"), map: null };
    },
  };
}
