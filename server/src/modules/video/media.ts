/**
 * Reads the duration (seconds) of an MP4 / MOV from its movie header box ("moov" > "mvhd").
 * Returns null when the file has no readable header (the client's figure is used then).
 */
export function mp4Duration(buf: Buffer): number | null {
  const findBox = (start: number, end: number, type: string): [number, number] | null => {
    let p = start
    while (p + 8 <= end) {
      let size = buf.readUInt32BE(p)
      const t = buf.toString('latin1', p + 4, p + 8)
      let header = 8
      if (size === 1) {
        if (p + 16 > end) return null
        size = Number(buf.readBigUInt64BE(p + 8))
        header = 16
      } else if (size === 0) size = end - p
      if (size < header) return null
      if (t === type) return [p + header, Math.min(p + size, end)]
      p += size
    }
    return null
  }
  try {
    const moov = findBox(0, buf.length, 'moov')
    if (!moov) return null
    const mvhd = findBox(moov[0], moov[1], 'mvhd')
    if (!mvhd) return null
    const [s] = mvhd
    const version = buf[s]
    const timescale = version === 1 ? buf.readUInt32BE(s + 20) : buf.readUInt32BE(s + 12)
    const duration = version === 1 ? Number(buf.readBigUInt64BE(s + 24)) : buf.readUInt32BE(s + 16)
    if (!timescale) return null
    return duration / timescale
  } catch {
    return null
  }
}
