// Re-renders the committed demo media (server/assets/media): npx tsx server/src/demo/makeMedia.ts
import fs from 'node:fs'
import path from 'node:path'
import { ASSETS_MEDIA, COMMITTED_IMAGES, COMMITTED_VIDEOS, ffmpegAvailable, renderImage, renderVideo } from './videoMedia'

if (!ffmpegAvailable()) {
  console.error('ffmpeg is needed: apt-get install -y ffmpeg fonts-wqy-microhei')
  process.exit(1)
}
for (const v of COMMITTED_VIDEOS) {
  const { mp4, jpg } = renderVideo(v, path.join(ASSETS_MEDIA, 'video'))
  console.log(mp4, fs.statSync(mp4).size, jpg, fs.statSync(jpg).size)
}
for (const i of COMMITTED_IMAGES) {
  const out = renderImage(i, path.join(ASSETS_MEDIA, 'content'))
  console.log(out, fs.statSync(out).size)
}
