import { render, screen } from '@testing-library/react'
import { REVIEW_MAX_CHARS, REVIEW_MAX_IMAGES } from '@contract/review'
import PhotoUploader from '@/components/PhotoUploader'
import { charCounter, clipReview, countChars, imagesLeft, newReviewDraft, reviewDraftError } from '@/utils/reviewForm'
import { refundAmountError, refundLimitText, yuanToFen } from '@/utils/refund'

const imgs = (n: number) => Array.from({ length: n }, (_, i) => `/uploads/202601/p${i}.png`)

describe('review form rules', () => {
  it('uses the framework defaults: 140 characters and 9 images', () => {
    expect(REVIEW_MAX_CHARS).toBe(140)
    expect(REVIEW_MAX_IMAGES).toBe(9)
  })

  it('accepts 140 characters and refuses 141, counting an emoji as one', () => {
    const d = newReviewDraft()
    expect(reviewDraftError({ ...d, content: '好'.repeat(140) })).toBeNull()
    expect(reviewDraftError({ ...d, content: '好'.repeat(141) })).toBe('评价内容最多140个字')
    expect(countChars('😀'.repeat(140))).toBe(140)
    expect(reviewDraftError({ ...d, content: '😀'.repeat(140) })).toBeNull()
  })

  it('clips typed text to 140 characters without splitting an emoji, and shows the counter', () => {
    expect(countChars(clipReview('好'.repeat(200)))).toBe(140)
    const clipped = clipReview('😀'.repeat(150))
    expect(clipped).toBe('😀'.repeat(140))
    expect(charCounter('好好')).toBe('2/140')
  })

  it('allows up to 9 images and counts what is left', () => {
    const d = newReviewDraft()
    expect(reviewDraftError({ ...d, images: imgs(9) })).toBeNull()
    expect(reviewDraftError({ ...d, images: imgs(10) })).toBe('最多上传9张图片')
    expect(imagesLeft(imgs(0))).toBe(9)
    expect(imagesLeft(imgs(7))).toBe(2)
    expect(imagesLeft(imgs(12))).toBe(0)
  })

  it('refuses a review with neither words nor a picture (spaces are no words)', () => {
    expect(reviewDraftError({ rating: 5, content: '', images: [] })).toBe('请写下评价内容或上传晒图')
    expect(reviewDraftError({ rating: 5, content: '  \n ', images: [] })).toBe('请写下评价内容或上传晒图')
    expect(reviewDraftError({ rating: 5, content: '', images: imgs(1) })).toBeNull()
  })

  it('needs 1-5 stars for a review and text for a follow-up', () => {
    expect(reviewDraftError({ rating: 0, content: '', images: [] })).toBe('请为商品打分')
    expect(reviewDraftError({ rating: 6, content: '', images: [] })).toBe('请为商品打分')
    expect(reviewDraftError({ rating: 1, content: '一般', images: [] })).toBeNull()
    expect(reviewDraftError({ rating: 5, content: '   ', images: [] }, { requireText: true })).toBe('请填写追评内容')
    expect(reviewDraftError({ rating: 5, content: '用了一周', images: [] }, { requireText: true })).toBeNull()
  })
})

describe('photo uploader', () => {
  it('shows the add tile with the count until 9 images, then hides it', () => {
    const { unmount } = render(<PhotoUploader value={imgs(8)} onChange={() => {}} label='晒图' />)
    expect(screen.getByText('晒图')).toBeTruthy()
    expect(screen.getByText('8/9')).toBeTruthy()
    unmount()
    render(<PhotoUploader value={imgs(9)} onChange={() => {}} label='晒图' />)
    expect(screen.queryByText('晒图')).toBeNull()
    expect(document.querySelectorAll('.photo-uploader__item')).toHaveLength(9)
  })
})

describe('refund amount limit', () => {
  it('reads yuan with up to 2 decimals as fen', () => {
    expect(yuanToFen('38')).toBe(3800)
    expect(yuanToFen('38.5')).toBe(3850)
    expect(yuanToFen('0.01')).toBe(1)
    expect(yuanToFen('38.123')).toBeNull()
    expect(yuanToFen('-1')).toBeNull()
    expect(yuanToFen('abc')).toBeNull()
  })

  it('shows the limit, with the freight when it is included', () => {
    expect(refundLimitText(3800, 800)).toBe('最多可退 ¥38.00（含运费 ¥8.00）')
    expect(refundLimitText(4000)).toBe('最多可退 ¥40.00')
    expect(refundLimitText(0)).toBe('所选商品暂无可退金额')
  })

  it('refuses more than the limit, zero and malformed amounts', () => {
    expect(refundAmountError('38.00', 3800)).toBeNull()
    expect(refundAmountError('38.01', 3800)).toBe('退款金额不能超过 ¥38.00')
    expect(refundAmountError('0', 3800)).toBe('退款金额需大于0')
    expect(refundAmountError('1.234', 3800)).toBe('请输入正确的退款金额')
  })
})

describe('clear cache', () => {
  it('keeps the login and the version marker, empties the search histories and removes other caches', () => {
    const Taro = require('@tarojs/taro').default || require('@tarojs/taro')
    const { useCommonStore } = require('@/stores/common')
    const { clearAppCache, cacheSizeKb } = require('@/utils/cache')
    Taro.setStorageSync('user', JSON.stringify({ state: { token: 't', userInfo: { id: 1 } }, version: 0 }))
    Taro.setStorageSync('version', '1.0.0')
    Taro.setStorageSync('goods-cache', 'x'.repeat(2048))
    useCommonStore.getState().addGoodsSearch('口红')
    useCommonStore.getState().addVideoSearch('穿搭')
    expect(cacheSizeKb()).toBeGreaterThan(2)
    const removed = clearAppCache()
    expect(removed).toContain('goods-cache')
    expect(Taro.getStorageSync('goods-cache')).toBe('')
    expect(Taro.getStorageSync('user')).toContain('"token":"t"')
    expect(Taro.getStorageSync('version')).toBe('1.0.0')
    expect(useCommonStore.getState().goodsSearchRecord).toEqual([])
    expect(useCommonStore.getState().videoSearchRecord).toEqual([])
  })
})
