import { miniShareImage } from '@/platform/share'

// WeChat draws no SVG share image and wants 5:4: the shop's pictures go through the server's share card.
describe('miniShareImage', () => {
  const origin = 'https://shop.example.com'
  it("sends the shop's pictures (relative or on the API origin) through the share card", () => {
    expect(miniShareImage('/media/goods/g16-1.svg', origin)).toBe('https://shop.example.com/h5/api/wechat/shareCard.png?p=4&src=%2Fmedia%2Fgoods%2Fg16-1.svg')
    expect(miniShareImage('https://shop.example.com/uploads/a/b.jpg?x=1', origin)).toBe('https://shop.example.com/h5/api/wechat/shareCard.png?p=4&src=%2Fuploads%2Fa%2Fb.jpg')
  })
  it('leaves other addresses and no image alone', () => {
    expect(miniShareImage('https://cdn.example.net/card.png', origin)).toBe('https://cdn.example.net/card.png')
    expect(miniShareImage(undefined, origin)).toBeUndefined()
  })
})
