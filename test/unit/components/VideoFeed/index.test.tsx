// Issue 18 item 7: opened full screen from video search, a phone-shaped video was letterboxed and the caption
// ran across the video's bottom edge. Phone-shaped videos now fill the feed; wider ones keep their black
// bands, and the captions sit on a bottom scrim either way.
import { isTallVideo } from '@/components/VideoFeed'

describe('which videos fill the feed', () => {
  it('fills with phone-shaped videos (9:16 or taller), not with square or landscape ones', () => {
    expect(isTallVideo({ width: 360, height: 640 })).toBe(true)
    expect(isTallVideo({ width: 720, height: 1280 })).toBe(true)
    expect(isTallVideo({ width: 1080, height: 2400 })).toBe(true)
    expect(isTallVideo({ width: 480, height: 640 })).toBe(false)
    expect(isTallVideo({ width: 640, height: 640 })).toBe(false)
    expect(isTallVideo({ width: 1280, height: 720 })).toBe(false)
    expect(isTallVideo(undefined)).toBe(false)
    expect(isTallVideo({ width: 0, height: 0 })).toBe(false)
  })
})
