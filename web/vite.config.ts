import react from '@vitejs/plugin-react';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';

const src = (path: string) => fileURLToPath(new URL(`./src/${path}`, import.meta.url));
const unusedSdk = src('lib/unused-firebase-sdks/stand-in.ts');

export default defineConfig({
  plugins: [react()],
  resolve: {
    alias: [
      { find: /^@\//, replacement: `${src('')}/` },
      // reactfire imports these SDKs for hooks the app never uses: see the README beside stand-in.ts.
      { find: /^firebase\/(database|storage|remote-config|firestore)$/, replacement: unusedSdk },
    ],
  },
  server: { host: '127.0.0.1', port: 5173, strictPort: true },
  preview: { host: '127.0.0.1', port: 4173, strictPort: true },
  build: {
    target: 'es2022',
    sourcemap: true,
    chunkSizeWarningLimit: 700,
  },
});
