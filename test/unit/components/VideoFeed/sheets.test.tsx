// The video feed's parts (issue 30: VideoFeed split into its sheets, controls and a playback hook): the comments
// sheet lists what was said at which moment and sends the draft; the controls' rate menu sets the rate and the
// danmu switch reports; the goods sheet opens each goods.
import { fireEvent, render, screen } from '@testing-library/react'
import type { VideoComment } from '@contract/video'
import CommentsSheet from '@/components/VideoFeed/CommentsSheet'
import Controls from '@/components/VideoFeed/Controls'
import GoodsSheet from '@/components/VideoFeed/GoodsSheet'
import { usePlayback, type Playback } from '@/components/VideoFeed/usePlayback'
import { player } from '@/components/VideoFeed/player'
import * as nav from '@/core/nav'

jest.mock('@/core/nav', () => ({ navigateTo: jest.fn() }))
jest.mock('@/components/VideoFeed/player', () => ({ player: { play: jest.fn(), pause: jest.fn(), setRate: jest.fn(), seek: jest.fn(), fullscreen: jest.fn() } }))

const comment = (id: number, content: string, time: number): VideoComment => ({ id, content, time, createdAt: Date.now() - 60_000, author: { id: 1, nickname: '小美', avatar: '' } }) as VideoComment

describe('video comments sheet', () => {
  it('lists comments with the moment of the video, says when there are none, and sends the draft', () => {
    const onSend = jest.fn()
    const onDraft = jest.fn()
    const { rerender } = render(<CommentsSheet open onClose={() => undefined} total={0} list={[]} draft='' onDraft={onDraft} onSend={onSend} />)
    expect(screen.getByText('还没有评论，来抢沙发吧')).toBeTruthy()
    rerender(<CommentsSheet open onClose={() => undefined} total={2} list={[comment(1, '好看', 75), comment(2, '求链接', 3)]} draft='真不错' onDraft={onDraft} onSend={onSend} />)
    expect(screen.getByText('2条评论')).toBeTruthy()
    expect(screen.getByText('好看')).toBeTruthy()
    expect(screen.getByText(/01:15/)).toBeTruthy()
    fireEvent.click(screen.getByText('发送'))
    expect(onSend).toHaveBeenCalledTimes(1)
  })
})

function Harness({ onDanmu, expose }: { onDanmu: () => void; expose: (p: Playback) => void }) {
  const playback = usePlayback()
  expose(playback)
  return <Controls domId='v1' playback={playback} danmuOn onDanmu={onDanmu} />
}

describe('video controls', () => {
  it('the rate menu sets the rate on the player; the danmu switch reports', () => {
    const onDanmu = jest.fn()
    let pb: Playback | undefined
    render(<Harness onDanmu={onDanmu} expose={(p) => (pb = p)} />)
    expect(screen.queryByText('1.5x')).toBeNull()
    fireEvent.click(screen.getByText('倍速'))
    fireEvent.click(screen.getByText('1.5x'))
    expect(player.setRate).toHaveBeenCalledWith('v1', 1.5)
    expect(pb!.rate).toBe(1.5)
    expect(screen.queryByText('2x')).toBeNull() // the menu closed
    fireEvent.click(screen.getByText('弹'))
    expect(onDanmu).toHaveBeenCalledTimes(1)
  })
})

describe('video goods sheet', () => {
  it('opens the goods tapped', () => {
    render(
      <GoodsSheet open onClose={() => undefined} goods={[{ id: 7, name: '真丝连衣裙', mainImage: '/a.png', price: 19900 } as any, { id: 8, name: '草帽', mainImage: '/b.png', price: 3900 } as any]} />,
    )
    expect(screen.getByText('¥199.00')).toBeTruthy()
    fireEvent.click(screen.getByText('草帽'))
    expect(nav.navigateTo).toHaveBeenCalledWith(expect.any(String), { id: 8 })
  })
})
