// H5: stands in for lodash.kebabcase under NutUI's ConfigProvider (theme keys to CSS variable names).
export default function kebabCase(value: string): string {
  const words = String(value).match(/[A-Z]{2,}(?=[A-Z][a-z]+|[^A-Za-z]|$)|[A-Z]?[a-z]+|[A-Z]+|\d+/g) || []
  return words.map((w) => w.toLowerCase()).join('-')
}
