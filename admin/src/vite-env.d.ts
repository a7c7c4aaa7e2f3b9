/// <reference types="vite/client" />

// @types/react-dom is not installed at the root: the one entry the console uses.
declare module 'react-dom/client' {
  import type { ReactNode } from 'react'
  export function createRoot(container: Element | DocumentFragment): { render(children: ReactNode): void; unmount(): void }
}
