// The merchant console: Vite 4 (Taro 4.2.1's React plugin peers on vite ^4, so the root has one Vite) + React 18.
// Served by the shop's server at /admin/ from admin/dist (server/src/app.ts, scripts/start.mjs builds it).
import fs from 'node:fs'
import path from 'node:path'
import zlib from 'node:zlib'
import { defineConfig, type Plugin } from 'vite'
import react from '@vitejs/plugin-react'

const here = path.dirname(new URL(import.meta.url).pathname)

/**
 * Brotli and gzip copies of every text asset over 1 KB, sent as they are by the server (@fastify/static
 * preCompressed). Made from the written files: in generateBundle Vite has not yet filled in its preload lists.
 */
function precompress(): Plugin {
  return {
    name: 'precompress',
    apply: 'build',
    writeBundle(opts, bundle) {
      for (const name of Object.keys(bundle)) {
        if (!/\.(js|css|html|svg|json)$/.test(name)) continue
        const file = path.join(opts.dir || '', name)
        const buf = fs.readFileSync(file)
        if (buf.length < 1024) continue
        const br = zlib.brotliCompressSync(buf, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11, [zlib.constants.BROTLI_PARAM_SIZE_HINT]: buf.length } })
        const gz = zlib.gzipSync(buf, { level: 9 })
        if (br.length < buf.length) fs.writeFileSync(`${file}.br`, br)
        if (gz.length < buf.length) fs.writeFileSync(`${file}.gz`, gz)
      }
    },
  }
}

export default defineConfig({
  root: here,
  base: '/admin/',
  plugins: [react(), precompress()],
  resolve: {
    alias: {
      '@contract': path.join(here, '..', 'types'),
      '@admin': path.join(here, 'src'),
      // types/admin.ts's schemas are the server's: the console takes its types and constants only (see the stub).
      typebox: path.join(here, '..', 'types', 'typeboxStub.ts'),
    },
  },
  build: {
    outDir: path.join(here, 'dist'),
    emptyOutDir: true,
    target: 'es2020',
    chunkSizeWarningLimit: 2000,
    // Which chunks each page needs: bench/console-bundle.mjs reads it.
    manifest: true,
    rollupOptions: {
      output: {
        // React and Ant Design change rarely: one cached vendor chunk; every page is its own chunk (React.lazy).
        manualChunks(id) {
          if (/node_modules\/(react|react-dom|scheduler)\//.test(id)) return 'react'
          if (/node_modules\/(echarts|zrender)\//.test(id)) return 'echarts'
          return undefined
        },
      },
    },
  },
  server: { proxy: { '/admin/api': 'http://127.0.0.1:3000', '/uploads': 'http://127.0.0.1:3000', '/h5': 'http://127.0.0.1:3000' } },
})
