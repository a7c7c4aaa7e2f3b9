// H5 only: config/index.ts points `@tarojs/components` here. Taro's own React components, except View, Text and
// Image (h5Elements.tsx). A module of its own: with the `export *` in the same file as the components, Babel's
// TypeScript pass dropped their imports.
export * from '@tarojs/components/lib/react'
export { View, Text, Image } from './h5Elements'
