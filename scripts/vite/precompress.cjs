// Build-time compression of the web apps' output: every text file of at
// least 1 KB gets a brotli (.br) and a gzip (.gz) sibling, which the API
// serves with @fastify/static's `preCompressed` (backend/src/modules/web).
// Compressing once at maximum quality beats compressing on every request.
// CommonJS so that the Vite configs and the backend's Jest tests share it.
const { readdir, readFile, stat, writeFile } = require('node:fs/promises');
const { join, resolve } = require('node:path');
const { promisify } = require('node:util');
const { brotliCompress, constants, gzip } = require('node:zlib');

const brotli = promisify(brotliCompress);
const gz = promisify(gzip);

/** Files this small are not worth compressing (the API's JSON threshold too). */
const PRECOMPRESS_MIN_BYTES = 1024;
const TEXT = /\.(?:html|js|mjs|css|svg|json|txt|xml|webmanifest)$/i;

async function filesIn(dir) {
  const entries = await readdir(dir, { withFileTypes: true });
  const nested = await Promise.all(entries.map((e) => (e.isDirectory() ? filesIn(join(dir, e.name)) : [join(dir, e.name)])));
  return nested.flat();
}

/** Writes `<file>.br` and `<file>.gz` next to each of `files` at or above the threshold; returns the files compressed. */
async function precompressFiles(files) {
  const done = [];
  for (const file of files) {
    const { size } = await stat(file);
    if (size < PRECOMPRESS_MIN_BYTES) continue;
    const content = await readFile(file);
    const [br, gzipped] = await Promise.all([
      brotli(content, {
        params: {
          [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
          [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
          [constants.BROTLI_PARAM_SIZE_HINT]: size,
        },
      }),
      gz(content, { level: 9 }),
    ]);
    await Promise.all([writeFile(`${file}.br`, br), writeFile(`${file}.gz`, gzipped)]);
    done.push(file);
  }
  return done;
}

/** Precompresses every text file of `dir` (see precompressFiles). */
async function precompressDir(dir) {
  return precompressFiles((await filesIn(dir)).filter((f) => TEXT.test(f)));
}

/** Vite plugin: precompresses the client build once everything (public files included) is written. */
function precompress() {
  let outDir;
  let ssr = false;
  return {
    name: 'precompress',
    apply: 'build',
    configResolved(config) {
      outDir = resolve(config.root, config.build.outDir);
      ssr = Boolean(config.build.ssr);
    },
    async closeBundle() {
      if (!ssr) await precompressDir(outDir);
    },
  };
}

module.exports = { PRECOMPRESS_MIN_BYTES, precompressDir, precompressFiles, precompress };
