// H5: stands in for polyfills of what every browser the shop supports already has (fetch, AbortController).
export {}
