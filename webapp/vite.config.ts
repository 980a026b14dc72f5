/// <reference types="vitest/config" />
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { defineConfig, type Plugin } from 'vite';
import { unusedBootstrapRules } from './build/unusedCss.mjs';

/** Writes `name.gz` and `name.br` beside every text file of the build, so the server sends
 * them compressed without compressing on each request (the main script is ~600 KB raw). */
function precompress(): Plugin {
  let outDir = 'dist';
  const compressible = /\.(js|css|html|svg|json)$/;
  const walk = (dir: string): string[] =>
    readdirSync(dir).flatMap((name) => {
      const path = join(dir, name);
      return statSync(path).isDirectory() ? walk(path) : [path];
    });
  return {
    name: 'optica-precompress',
    apply: 'build',
    configResolved(config) {
      outDir = join(config.root, config.build.outDir);
    },
    closeBundle() {
      for (const file of walk(outDir).filter((f) => compressible.test(f))) {
        const raw = readFileSync(file);
        writeFileSync(`${file}.gz`, gzipSync(raw, { level: 9 }));
        writeFileSync(`${file}.br`, brotliCompressSync(raw, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }));
      }
    },
  };
}

// JSX is compiled by esbuild (no React plugin: it keeps the install small and works on npm 10
// machines too; only hot refresh of components is lost in development).
const api = process.env.OPTICA_API ?? 'http://127.0.0.1:8080';

export default defineConfig({
  esbuild: { jsx: 'automatic' },
  plugins: [unusedBootstrapRules(), precompress()],
  server: {
    proxy: { '/api': api, '/oauth': api, '/health': api },
  },
  build: {
    outDir: 'dist',
    sourcemap: false,
    rollupOptions: {
      // react-router marks its modules "use client" (a server-components hint, meaningless here).
      onwarn(warning, warn) {
        if (warning.code !== 'MODULE_LEVEL_DIRECTIVE') warn(warning);
      },
    },
  },
  test: {
    environment: 'jsdom',
    include: ['src/**/*.test.{ts,tsx}', 'build/**/*.test.ts'],
    setupFiles: ['src/test/setup.ts'],
  },
});
