// Reads the Arrow IPC files under ROOT/none, ROOT/lz4 and ROOT/zstd (the
// same tables written with each body compression) with Arrow JS, and checks
// that every table decodes to the same rows whatever the compression.
// Prints one "ok <file> <rows>" line per table; exits 1 on any difference.
//
// Arrow JS 21 leaves decompression to a registered codec and uses its
// output in place: a decoder must return 8-byte-aligned data, or reading an
// int64/double column fails ("start offset of Float64Array should be a
// multiple of 8"). fzstd returns a view at an unaligned offset for frames
// without a content size (Arrow Go's zstd frames have none), so its output
// is copied here; lz4js returns fresh arrays.
import { tableFromIPC, compressionRegistry, CompressionType } from 'apache-arrow';
import * as fzstd from 'fzstd';
import lz4 from 'lz4js';
import { readFileSync, readdirSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';

const aligned = (a) => (a.byteOffset % 8 === 0 ? a : a.slice());
compressionRegistry.set(CompressionType.ZSTD, { decode: (b) => aligned(fzstd.decompress(b)) });
compressionRegistry.set(CompressionType.LZ4_FRAME, { decode: (b) => aligned(lz4.decompress(b)) });

const root = process.argv[2];
const files = [];
const walk = (d) => {
  for (const e of readdirSync(d)) {
    const p = join(d, e);
    if (statSync(p).isDirectory()) walk(p);
    else if (p.endsWith('.arrow')) files.push(relative(join(root, 'none'), p));
  }
};
walk(join(root, 'none'));

const rowsOf = (path) => {
  const t = tableFromIPC(readFileSync(path));
  const json = JSON.stringify(t.toArray().map((r) => r.toJSON()), (k, v) => (typeof v === 'bigint' ? v.toString() : v));
  return { n: t.numRows, json };
};

let bad = 0;
for (const f of files.sort()) {
  try {
    const want = rowsOf(join(root, 'none', f));
    for (const c of ['lz4', 'zstd']) {
      const got = rowsOf(join(root, c, f));
      if (got.json !== want.json) throw new Error(`${c} rows differ from the uncompressed file's`);
    }
    console.log(`ok ${f} ${want.n}`);
  } catch (e) {
    bad++;
    console.log(`FAIL ${f}: ${e.message}`);
  }
}
console.log(`${files.length} files, ${bad} failed`);
process.exit(bad || files.length === 0 ? 1 : 0);
