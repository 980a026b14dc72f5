/// <reference types="vitest/config" />
import { defineConfig } from 'vite';

// JSX is compiled by esbuild (no React plugin: it keeps the install small and works on npm 10
// machines too; only hot refresh of components is lost in development).
const api = process.env.OPTICA_API ?? 'http://127.0.0.1:8080';

export default defineConfig({
  esbuild: { jsx: 'automatic' },
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
    include: ['src/**/*.test.{ts,tsx}'],
    setupFiles: ['src/test/setup.ts'],
  },
});
