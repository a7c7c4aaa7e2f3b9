import { upload } from '@/core/request'

/** What POST /api/upload answers (server/src/modules/upload). */
export interface UploadedFile {
  id: number
  url: string
  kind: 'image' | 'video'
  mime: string
  size: number
}

/** Uploads one file (image or video) through /api/upload, reporting progress (0-100); errors are the caller's to show. */
export const uploadMedia = (filePath: string, onProgress?: (percent: number) => void) => upload<UploadedFile>(filePath, { onProgress, catch: true }, '/api/upload')
