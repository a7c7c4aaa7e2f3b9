/** Detects the real type of an upload from its first bytes (the name alone is never trusted). */
export interface Sniffed {
  kind: 'image' | 'video'
  mime: string
  ext: string
}

export function sniff(head: Buffer): Sniffed | null {
  const b = head
  if (b.length >= 8 && b.readUInt32BE(0) === 0x89504e47) return { kind: 'image', mime: 'image/png', ext: 'png' }
  if (b.length >= 3 && b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff) return { kind: 'image', mime: 'image/jpeg', ext: 'jpg' }
  if (b.length >= 6 && b.toString('ascii', 0, 4) === 'GIF8') return { kind: 'image', mime: 'image/gif', ext: 'gif' }
  if (b.length >= 12 && b.toString('ascii', 0, 4) === 'RIFF' && b.toString('ascii', 8, 12) === 'WEBP') return { kind: 'image', mime: 'image/webp', ext: 'webp' }
  if (b.length >= 12 && b.toString('ascii', 4, 8) === 'ftyp') {
    const brand = b.toString('ascii', 8, 12)
    if (brand === 'qt  ') return { kind: 'video', mime: 'video/quicktime', ext: 'mov' }
    if (/^(heic|heix|mif1|msf1|avif)$/.test(brand)) return null
    return { kind: 'video', mime: 'video/mp4', ext: 'mp4' }
  }
  if (b.length >= 4 && b.readUInt32BE(0) === 0x1a45dfa3) return { kind: 'video', mime: 'video/webm', ext: 'webm' }
  return null
}
