import { execFileSync, spawnSync } from 'node:child_process'
import fs from 'node:fs'
import path from 'node:path'

/**
 * Demo media of our own making. The committed files under server/assets/media (tiny MP4s, JPEG covers,
 * the activity page) are copied into `${dataDir}/media` by the seed, so a first start never needs ffmpeg.
 * When ffmpeg is on the machine the seed also renders a few extra videos at run time.
 * `npx tsx server/src/demo/makeMedia.ts` re-renders the committed files (needs ffmpeg and a CJK font).
 */
export const ASSETS_MEDIA = path.resolve(__dirname, '..', '..', 'assets', 'media')

const CJK_FONTS = ['/usr/share/fonts/truetype/wqy/wqy-microhei.ttc', '/usr/share/fonts/opentype/noto/NotoSansCJK-Regular.ttc', '/usr/share/fonts/truetype/wqy/wqy-zenhei.ttc']
export const cjkFont = (): string | null => CJK_FONTS.find((f) => fs.existsSync(f)) || null

let ffmpegPath: string | null | undefined
export function ffmpegAvailable(): boolean {
  if (ffmpegPath === undefined) {
    const r = spawnSync('ffmpeg', ['-hide_banner', '-version'], { stdio: 'ignore', timeout: 10_000 })
    ffmpegPath = r.status === 0 ? 'ffmpeg' : null
  }
  return !!ffmpegPath
}

export interface DemoVideoSpec {
  /** File name without extension (mp4 + jpg cover). */
  name: string
  title: string
  subtitle: string
  /** An ffmpeg lavfi source, 360x640 at 24 fps (the length comes from `seconds`). */
  source: string
  seconds: number
  /** Catalogue categories (leaf names) of the goods the video shows: its product card links goods of these only. */
  categories: string[]
}

/** Committed with the repository (each well under 300 KB). */
export const COMMITTED_VIDEOS: DemoVideoSpec[] = [
  {
    name: 'spring-outfit',
    title: '春日穿搭',
    subtitle: '三套通勤搭配 一周不重样',
    source: 'gradients=s=360x640:c0=0xff9a8b:c1=0xaf57ff:c2=0xffd86f:n=3:speed=0.02:rate=24',
    seconds: 8,
    categories: ['连衣裙', '外套', 'T恤', '牛仔裤'],
  },
  {
    name: 'skincare-class',
    title: '护肤小课堂',
    subtitle: '换季敏感肌这样修护',
    source: 'gradients=s=360x640:c0=0x6dd5ed:c1=0x2193b0:c2=0xc3f0ff:n=3:speed=0.015:rate=24',
    seconds: 8,
    categories: ['面霜', '精华'],
  },
  {
    name: 'unboxing',
    title: '好物开箱',
    subtitle: '新款香氛礼盒 开箱实拍',
    source: 'gradients=s=360x640:c0=0x7f00ff:c1=0xe100ff:c2=0xffb199:n=3:type=spiral:speed=0.02:rate=24',
    seconds: 6,
    categories: ['香水'],
  },
]

/** Rendered at seed time when ffmpeg exists (never committed). */
export const GENERATED_VIDEOS: DemoVideoSpec[] = [
  {
    name: 'gen-kitchen',
    title: '厨房收纳',
    subtitle: '小厨房也能整整齐齐',
    source: 'gradients=s=360x640:c0=0xf6d365:c1=0xfda085:c2=0xffffff:n=3:type=radial:speed=0.02:rate=24',
    seconds: 6,
    categories: ['收纳'],
  },
  {
    name: 'gen-daily-pick',
    title: '每日好物',
    subtitle: '今天推荐这三件',
    source: 'gradients=s=360x640:c0=0x43e97b:c1=0x38f9d7:c2=0xfad0c4:n=3:speed=0.03:rate=24',
    seconds: 6,
    categories: ['休闲零食', '茶饮冲调', '生鲜水果'],
  },
]

const esc = (s: string) => s.replace(/\\/g, '\\\\').replace(/'/g, "\\'").replace(/:/g, '\\:')

function textFilters(spec: { title: string; subtitle: string }, font: string | null, size: [number, number]): string {
  if (!font) return 'null'
  const [big, small] = size
  return [
    `drawtext=fontfile=${font}:text='${esc(spec.title)}':fontsize=${big}:fontcolor=white:shadowcolor=0x00000088:shadowx=2:shadowy=2:x=(w-tw)/2:y=h*0.38`,
    `drawtext=fontfile=${font}:text='${esc(spec.subtitle)}':fontsize=${small}:fontcolor=white:shadowcolor=0x00000088:shadowx=1:shadowy=1:x=(w-tw)/2:y=h*0.38+${big + 24}`,
  ].join(',')
}

/** Renders one vertical demo video and its JPEG cover into dir. */
export function renderVideo(spec: DemoVideoSpec, dir: string) {
  fs.mkdirSync(dir, { recursive: true })
  const mp4 = path.join(dir, `${spec.name}.mp4`)
  const jpg = path.join(dir, `${spec.name}.jpg`)
  const font = cjkFont()
  const vf = `${textFilters(spec, font, [44, 22])},format=yuv420p`
  execFileSync(
    'ffmpeg',
    [
      '-hide_banner',
      '-loglevel',
      'error',
      '-y',
      '-f',
      'lavfi',
      '-i',
      spec.source,
      '-t',
      String(spec.seconds),
      '-vf',
      vf,
      '-c:v',
      'libx264',
      '-preset',
      'veryfast',
      '-crf',
      '32',
      '-movflags',
      '+faststart',
      mp4,
    ],
    { timeout: 120_000 },
  )
  execFileSync('ffmpeg', ['-hide_banner', '-loglevel', 'error', '-y', '-ss', '1', '-i', mp4, '-frames:v', '1', '-q:v', '6', jpg], { timeout: 60_000 })
  return { mp4, jpg }
}

export interface DemoImageSpec {
  name: string
  title: string
  subtitle: string
  colors: [string, string, string]
  size?: string
}

/** Covers for articles, activities and business-card avatars (committed). */
export const COMMITTED_IMAGES: DemoImageSpec[] = [
  { name: 'article-health', title: '健康知识', subtitle: '关爱自己 从了解开始', colors: ['0xffafbd', '0xffc3a0', '0xaf57ff'] },
  { name: 'article-emotion', title: '情感沟通', subtitle: '好好说话 也是一种能力', colors: ['0xa18cd1', '0xfbc2eb', '0x8ec5fc'] },
  { name: 'article-care', title: '护理常识', subtitle: '日常护理小知识', colors: ['0x84fab0', '0x8fd3f4', '0xa6c1ee'] },
  { name: 'article-qa', title: '科普问答', subtitle: '你关心的问题 这里有答案', colors: ['0xf6d365', '0xfda085', '0xf093fb'] },
  { name: 'activity-spring', title: '春季焕新节', subtitle: '全场满199减30', colors: ['0xff9a9e', '0xfecfef', '0xaf57ff'] },
  { name: 'activity-member', title: '会员日', subtitle: '每月8号 积分翻倍', colors: ['0x667eea', '0x764ba2', '0xf093fb'] },
  { name: 'activity-newyear', title: '年货节', subtitle: '已结束 感谢参与', colors: ['0xf5576c', '0xf093fb', '0xffd86f'] },
  { name: 'activity-summer', title: '夏日清凉季', subtitle: '即将开始 敬请期待', colors: ['0x4facfe', '0x00f2fe', '0x43e97b'] },
  { name: 'avatar-card', title: '花语', subtitle: '', colors: ['0xaf57ff', '0xff8ab3', '0xffd86f'], size: '240x240' },
]

export function renderImage(spec: DemoImageSpec, dir: string) {
  fs.mkdirSync(dir, { recursive: true })
  const size = spec.size || '750x420'
  const [w] = size.split('x').map(Number)
  const font = cjkFont()
  const big = Math.round(w / (spec.subtitle ? 10 : 4))
  const vf = spec.subtitle
    ? textFilters(spec, font, [big, Math.round(big / 2.2)])
    : font
      ? `drawtext=fontfile=${font}:text='${esc(spec.title)}':fontsize=${big}:fontcolor=white:x=(w-tw)/2:y=(h-th)/2`
      : 'null'
  const out = path.join(dir, `${spec.name}.jpg`)
  execFileSync(
    'ffmpeg',
    [
      '-hide_banner',
      '-loglevel',
      'error',
      '-y',
      '-f',
      'lavfi',
      '-i',
      `gradients=s=${size}:c0=${spec.colors[0]}:c1=${spec.colors[1]}:c2=${spec.colors[2]}:n=3:d=1`,
      '-vf',
      vf,
      '-frames:v',
      '1',
      '-q:v',
      '5',
      out,
    ],
    { timeout: 60_000 },
  )
  return out
}

/** Copies the committed media tree into `${dataDir}/media` (existing files are kept). */
export function copyCommittedMedia(mediaDir: string) {
  const walk = (src: string, dst: string) => {
    fs.mkdirSync(dst, { recursive: true })
    for (const e of fs.readdirSync(src, { withFileTypes: true })) {
      const s = path.join(src, e.name)
      const d = path.join(dst, e.name)
      if (e.isDirectory()) walk(s, d)
      else if (!fs.existsSync(d)) fs.copyFileSync(s, d)
    }
  }
  if (fs.existsSync(ASSETS_MEDIA)) walk(ASSETS_MEDIA, mediaDir)
}
