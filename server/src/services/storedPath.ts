import path from 'node:path'

/** The folders the server serves stored files from (app.ts): member uploads and generated demo media. */
export const STORED_FOLDERS = ['uploads', 'media'] as const

/**
 * A stored-file path a client hands back (avatar, card photo, cover): `/uploads/…` or `/media/…`, already in
 * normal form. Refused (null): `..` or `.` segments, doubled or back slashes, percent-escapes (`%2e%2e` is `..`
 * once a browser or a proxy decodes it), any other folder, anything longer than `max`.
 */
export function storedFilePath(value: unknown, folders: readonly string[] = STORED_FOLDERS, max = 256): string | null {
  if (typeof value !== 'string' || !value || value.length > max) return null
  if (!/^\/[A-Za-z0-9_\-./]+$/.test(value)) return null
  if (path.posix.normalize(value) !== value || value.split('/').some((seg, i) => i > 0 && (seg === '' || seg === '.' || seg === '..'))) return null
  const folder = value.split('/')[1]
  return folders.includes(folder) && value.split('/').length > 2 ? value : null
}
