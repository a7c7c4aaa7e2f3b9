// A shopper's own video waiting for the shop's review was hidden from its author (「共 0 个作品」): the author's
// list shows it, marked 审核中; one taken down says why.
import { render, screen } from '@testing-library/react'
import type { VideoItem } from '@contract/video'
import VideoGrid from '@/components/VideoFeed/VideoGrid'

const video = (id: number, over: Partial<VideoItem> = {}): VideoItem => ({
  id,
  title: `春日穿搭${id}`,
  url: `/uploads/v${id}.mp4`,
  cover: `/uploads/c${id}.jpg`,
  duration: 8,
  likes: 0,
  comments: 0,
  shares: 0,
  views: 0,
  liked: false,
  followed: false,
  author: { id: 7, nickname: '小美', avatar: '' },
  goods: [],
  status: 'on',
  reviewReason: '',
  createdAt: 1764000000000,
  ...over,
})

describe('the video grid', () => {
  it('marks the author’s video waiting for review as 审核中 and a taken-down one with its reason; shown ones carry no mark', () => {
    render(<VideoGrid videos={[video(1, { status: 'pending' }), video(2, { status: 'off', reviewReason: '画面与商品无关' }), video(3)]} onOpen={() => undefined} />)
    expect(screen.getByText('审核中')).toBeTruthy()
    expect(screen.getByText('未通过：画面与商品无关')).toBeTruthy()
    expect(document.querySelectorAll('.video-grid__state')).toHaveLength(2)
  })
})
